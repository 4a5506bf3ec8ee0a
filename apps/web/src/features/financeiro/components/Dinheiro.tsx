import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from 'react-router';
import type { DocumentoDeTitulo } from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';

/** An amount in reais, red when negative. */
export function Dinheiro({ valor, ...props }: TextProps & { valor: number }) {
  return (
    <Text span size="sm" c={valor < 0 ? 'red.7' : undefined} {...props}>
      {formatMoney(valor)}
    </Text>
  );
}

/** The pages of the documents above finance that bill through it, and their link texts. */
const DOCUMENTOS: Record<DocumentoDeTitulo, { rotulo: string; caminho: (id: number) => string }> = {
  contrato: { rotulo: 'Contrato de origem', caminho: (id) => `/contratos/${id}` },
  locacao: { rotulo: 'Locação de origem', caminho: (id) => `/contratos/locacoes/${id}` },
  assinatura: { rotulo: 'Assinatura de origem', caminho: (id) => `/contratos/assinaturas/${id}` },
};

/**
 * Where a title came from, as a link: its sale (/vendas?venda=), its service order, the
 * purchase entered from its XML, the return (its note), or its contract, rental or subscription.
 */
export function OrigemTitulo({
  venda_id,
  ordem_servico_id,
  entrada_nfe_id,
  devolucao_id,
  documento_tipo,
  documento_id,
}: {
  venda_id: number | null;
  ordem_servico_id: number | null;
  entrada_nfe_id: number | null;
  devolucao_id: number | null;
  documento_tipo: DocumentoDeTitulo | null;
  documento_id: number | null;
}) {
  if (documento_tipo !== null && documento_id !== null) {
    const { rotulo, caminho } = DOCUMENTOS[documento_tipo];
    return (
      <Anchor component={Link} to={caminho(documento_id)} size="xs">
        {rotulo}
      </Anchor>
    );
  }
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
