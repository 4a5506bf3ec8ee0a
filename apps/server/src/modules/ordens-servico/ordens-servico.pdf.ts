// The printable service order (A4): what the customer signs when leaving the equipment and when
// taking it back. The shared PDF module draws the company header, the pages and their furniture.
import { formatQuantidade } from '@prumo/shared/estoque';
import { formatMoney } from '@prumo/shared/money';
import {
  formatNumeroOs,
  prioridadeOsLabel,
  situacaoOsLabel,
  type OrdemServico,
} from '@prumo/shared/ordens-servico';
import { criarDocumento, MM, type ContextoDocumento, type Documento } from '../../pdf/documento';

type Linha = OrdemServico['produtos'][number] | OrdemServico['servicos'][number];

function tabelaDeLinhas(doc: Documento, titulo: string, linhas: readonly Linha[], total: boolean) {
  if (linhas.length === 0) return;
  doc.espaco(6);
  doc.texto(titulo, { negrito: true });
  doc.tabela(
    [
      { titulo: 'Descrição', quebrar: 3 },
      { titulo: 'Qtd', largura: 46, alinhar: 'direita' },
      ...(total
        ? [
            { titulo: 'Valor unit.', largura: 70, alinhar: 'direita' as const },
            { titulo: 'Desconto', largura: 64, alinhar: 'direita' as const },
            { titulo: 'Subtotal', largura: 74, alinhar: 'direita' as const },
          ]
        : []),
    ],
    linhas.map((linha) => [
      linha.detalhes ? `${linha.nome} — ${linha.detalhes}` : linha.nome,
      formatQuantidade(linha.quantidade),
      ...(total
        ? [
            formatMoney(linha.valor),
            linha.desconto > 0 ? formatMoney(-linha.desconto) : '',
            formatMoney(linha.subtotal),
          ]
        : []),
    ]),
  );
}

function bloco(doc: Documento, titulo: string, conteudo: string | null) {
  if (!conteudo) return;
  doc.manterJunto(() => {
    doc.texto(titulo, { negrito: true });
    doc.texto(conteudo, { maxLinhas: 30, paragrafos: true });
  });
  doc.espaco(4);
}

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
  const endereco = [
    [os.logradouro, os.numero_endereco].filter(Boolean).join(', '),
    os.complemento,
    os.bairro,
    [os.cidade, os.uf].filter(Boolean).join('/'),
    os.cep ? `CEP ${os.cep}` : null,
  ]
    .filter(Boolean)
    .join(' - ');
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
  bloco(doc, 'Condições', os.condicoes);
  bloco(doc, 'Defeitos relatados', os.defeitos);
  bloco(doc, 'Acessórios', os.acessorios);
  bloco(doc, 'Solução', os.solucao);
  bloco(doc, 'Laudo técnico', os.laudo);

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
  bloco(doc, 'Observações', os.observacoes);
  bloco(doc, 'Termos e condições', os.termos);
  doc.espaco(10 * MM);
  doc.assinaturas(['Assinatura do cliente', 'Assinatura do técnico']);
  return doc.salvar();
}
