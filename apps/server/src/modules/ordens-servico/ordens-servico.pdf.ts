// The printable service order (A4): what the customer signs when leaving the equipment and when
// taking it back. The shared PDF module draws the company header, the pages and their furniture.
import { formatMoney } from '@prumo/shared/money';
import {
  formatNumeroOs,
  prioridadeOsLabel,
  situacaoOsLabel,
  type OrdemServico,
} from '@prumo/shared/ordens-servico';
import { blocoDeTexto, enderecoEmUmaLinha, tabelaDeLinhas } from '../../pdf/blocos';
import { criarDocumento, MM, type ContextoDocumento } from '../../pdf/documento';

/** The order as an A4 PDF; its values are left out when the order says not to show the total. */
export async function ordemServicoPdf(
  os: OrdemServico,
  contexto: ContextoDocumento,
): Promise<Uint8Array> {
  const doc = await criarDocumento('a4', contexto, {
    titulo: 'Ordem de Serviço',
    numero: `Nº ${formatNumeroOs(os.numero)}`,
    marcaDagua: os.situacao === 'cancelada' ? 'CANCELADA' : undefined,
  });
  const endereco = enderecoEmUmaLinha(os);
  doc.campos(
    [
      ['Cliente', os.cliente_nome ?? ''],
      ['Situação', situacaoOsLabel(os.situacao)],
      ['Entrada', doc.dataHora(os.data_entrada)],
      ['Prazo', os.prazo ? doc.data(os.prazo) : 'Sem prazo'],
      ...(os.data_saida ? [['Saída', doc.dataHora(os.data_saida)] as const] : []),
      ['Prioridade', prioridadeOsLabel(os.prioridade)],
      ['Técnico', os.tecnico_nome ?? ''],
      ['Vendedor', os.vendedor_nome ?? ''],
      ...(endereco ? [['Endereço de entrega', endereco] as const] : []),
      ...(os.aprovado_por
        ? [['Aprovado por', `${os.aprovado_por} em ${doc.dataHora(os.aprovado_em)}`] as const]
        : []),
      ...(os.entregue_a
        ? [['Entregue a', `${os.entregue_a} em ${doc.dataHora(os.entregue_em)}`] as const]
        : []),
    ],
    2,
  );
  doc.espaco(8);
  doc.texto('Equipamento', { negrito: true, tamanho: doc.fonte * 1.15 });
  doc.campos(
    [
      ['Equipamento', os.equipamento ?? ''],
      ['Marca', os.marca ?? ''],
      ['Modelo', os.modelo ?? ''],
      ['Nº de série', os.numero_serie ?? ''],
    ],
    2,
  );
  doc.espaco(4);
  blocoDeTexto(doc, 'Condições', os.condicoes);
  blocoDeTexto(doc, 'Defeitos relatados', os.defeitos);
  blocoDeTexto(doc, 'Acessórios', os.acessorios);
  blocoDeTexto(doc, 'Solução', os.solucao);
  blocoDeTexto(doc, 'Laudo técnico', os.laudo);

  tabelaDeLinhas(doc, 'Serviços / mão de obra', os.servicos, os.exibir_total);
  tabelaDeLinhas(doc, 'Produtos / peças', os.produtos, os.exibir_total);
  if (os.exibir_total) {
    doc.separador(false);
    doc.espaco(3);
    const recuo = doc.largura * 0.55;
    doc.manterJunto(() => {
      doc.valores('Mão de obra', formatMoney(os.mao_de_obra), { recuo });
      doc.valores('Peças', formatMoney(os.pecas), { recuo });
      if (os.frete > 0) doc.valores('Frete', formatMoney(os.frete), { recuo });
      if (os.outros > 0) doc.valores('Outros', formatMoney(os.outros), { recuo });
      if (os.desconto > 0) doc.valores('Desconto', formatMoney(-os.desconto), { recuo });
      doc.valores('Total', formatMoney(os.valor_total), {
        recuo,
        negrito: true,
        tamanho: doc.fonte * 1.3,
      });
    });
  }
  doc.espaco(8);
  blocoDeTexto(doc, 'Observações', os.observacoes);
  blocoDeTexto(doc, 'Termos e condições', os.termos);
  doc.espaco(10 * MM);
  doc.assinaturas(['Assinatura do cliente', 'Assinatura do técnico']);
  return doc.salvar();
}
