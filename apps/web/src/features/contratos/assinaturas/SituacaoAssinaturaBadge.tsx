import { Badge, type BadgeProps } from '@mantine/core';
import type { SituacaoAssinatura } from '@prumo/shared/contratos';
import { corDaSituacaoAssinatura } from './textos';

export function SituacaoAssinaturaBadge({
  situacao,
  ...props
}: { situacao: SituacaoAssinatura } & BadgeProps) {
  return (
    <Badge variant="light" color={corDaSituacaoAssinatura(situacao)} {...props}>
      {situacao}
    </Badge>
  );
}
