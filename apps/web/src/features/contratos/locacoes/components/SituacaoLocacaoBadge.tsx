import { Badge, type BadgeProps } from '@mantine/core';
import type { SituacaoLocacao } from '@prumo/shared/contratos';
import { corDaSituacaoLocacao } from '../textos';

/** A rental's situação in its colour (SITUACOES_LOCACAO); "Atrasada" in red when late. */
export function SituacaoLocacaoBadge({
  situacao,
  atrasada = false,
  size,
}: {
  situacao: SituacaoLocacao;
  atrasada?: boolean;
  size?: BadgeProps['size'];
}) {
  return (
    <Badge
      color={atrasada ? 'red' : corDaSituacaoLocacao(situacao)}
      variant="light"
      size={size}
      styles={{ label: { overflow: 'visible' } }}
      data-testid="situacao-locacao"
    >
      {atrasada ? 'Atrasada' : situacao}
    </Badge>
  );
}
