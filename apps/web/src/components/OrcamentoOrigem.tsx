import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatNumeroOrcamento } from '@prumo/shared/orcamentos';

/** "Orçamento Nº 000012", linking to the quote a sale or a service order came from. */
export function OrcamentoOrigem({ id, numero }: { id: number; numero: number }) {
  return (
    <Anchor component={Link} to={`/orcamentos/visualizar/${id}`} size="sm">
      Orçamento Nº {formatNumeroOrcamento(numero)}
    </Anchor>
  );
}
