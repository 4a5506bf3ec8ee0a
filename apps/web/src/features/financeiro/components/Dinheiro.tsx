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

/** Where a title came from: its sale (/vendas?venda=) or its service order, as a link. */
export function OrigemTitulo({
  venda_id,
  ordem_servico_id,
}: {
  venda_id: number | null;
  ordem_servico_id: number | null;
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
  return null;
}
