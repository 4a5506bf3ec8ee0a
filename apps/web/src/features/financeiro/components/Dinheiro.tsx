import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '@prumo/shared/money';

/** An amount in reais, red when negative. */
export function Dinheiro({ valor, ...props }: TextProps & { valor: number }) {
  return (
    <Text span size="sm" c={valor < 0 ? 'red.7' : undefined} {...props}>
      {formatMoney(valor)}
    </Text>
  );
}

/**
 * Where a title came from, as a link: its sale (/vendas?venda=), its service order, the
 * purchase entered from its XML, or the return (its note).
 */
export function OrigemTitulo({
  venda_id,
  ordem_servico_id,
  entrada_nfe_id,
  devolucao_id,
}: {
  venda_id: number | null;
  ordem_servico_id: number | null;
  entrada_nfe_id: number | null;
  devolucao_id: number | null;
}) {
  if (venda_id !== null) {
    return (
      <Anchor component={Link} to={`/vendas?venda=${venda_id}`} size="xs">
        Venda de origem
      </Anchor>
    );
  }
  if (ordem_servico_id !== null) {
    return (
      <Anchor component={Link} to={`/servicos/editar-os/${ordem_servico_id}`} size="xs">
        Ordem de serviço de origem
      </Anchor>
    );
  }
  if (entrada_nfe_id !== null) {
    return (
      <Anchor component={Link} to={`/estoque/entradas-xml?entrada=${entrada_nfe_id}`} size="xs">
        Compra de origem (XML)
      </Anchor>
    );
  }
  if (devolucao_id !== null) {
    return (
      <Anchor component={Link} to={`/nota-fiscal?devolucao=${devolucao_id}`} size="xs">
        Devolução de origem
      </Anchor>
    );
  }
  return null;
}
