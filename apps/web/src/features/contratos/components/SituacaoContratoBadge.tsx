import { Badge, type BadgeProps } from '@mantine/core';
import type { SituacaoContrato } from '@prumo/shared/contratos';
import { corDaSituacao } from '../textos';

/** A badge never cut short: the table cell grows to hold it. */
const INTEIRO = { label: { overflow: 'visible' } };

/** A contract's situação in its colour (SITUACOES_CONTRATO). */
export function SituacaoContratoBadge({
  situacao,
  size,
}: {
  situacao: SituacaoContrato;
  size?: BadgeProps['size'];
}) {
  return (
    <Badge
      color={corDaSituacao(situacao)}
      variant="light"
      size={size}
      styles={INTEIRO}
      data-testid="situacao-contrato"
    >
      {situacao}
    </Badge>
  );
}
