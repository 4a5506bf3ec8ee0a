// Pieces that several A4 documents print the same way: a titled table of quoted lines, a titled
// block of free text and a delivery address on one line.
import { formatQuantidade } from '@prumo/shared/estoque';
import { formatMoney } from '@prumo/shared/money';
import type { Documento } from './documento';

export interface LinhaDocumento {
  nome: string;
  detalhes: string | null;
  quantidade: number;
  valor: number;
  desconto: number;
  subtotal: number;
}

/** "Serviços / mão de obra", "Produtos"...: the lines, with their values when `valores`. */
export function tabelaDeLinhas(
  doc: Documento,
  titulo: string,
  linhas: readonly LinhaDocumento[],
  valores: boolean,
) {
  if (linhas.length === 0) return;
  doc.espaco(6);
  doc.texto(titulo, { negrito: true });
  doc.tabela(
    [
      { titulo: 'Descrição', quebrar: 3 },
      { titulo: 'Qtd', largura: 46, alinhar: 'direita' },
      ...(valores
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
      ...(valores
        ? [
            formatMoney(linha.valor),
            linha.desconto > 0 ? formatMoney(-linha.desconto) : '',
            formatMoney(linha.subtotal),
          ]
        : []),
    ]),
  );
}

/** A paragraph block (titled, or not when the title is empty) kept on one page; nothing without text. */
export function blocoDeTexto(doc: Documento, titulo: string, conteudo: string | null) {
  if (!conteudo) return;
  doc.manterJunto(() => {
    if (titulo) doc.texto(titulo, { negrito: true });
    doc.texto(conteudo, { maxLinhas: 30, paragrafos: true });
  });
  doc.espaco(4);
}

export interface EnderecoDocumento {
  logradouro: string | null;
  numero_endereco: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
}

/** "Rua A, 10 - Sala 2 - Centro - Campinas/SP - CEP 13000-000", or '' when empty. */
export function enderecoEmUmaLinha(e: EnderecoDocumento): string {
  return [
    [e.logradouro, e.numero_endereco].filter(Boolean).join(', '),
    e.complemento,
    e.bairro,
    [e.cidade, e.uf].filter(Boolean).join('/'),
    e.cep ? `CEP ${e.cep}` : null,
  ]
    .filter(Boolean)
    .join(' - ');
}
