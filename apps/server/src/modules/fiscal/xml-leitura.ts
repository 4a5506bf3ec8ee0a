// Reading fiscal XML by namespace and local name (the NF-e's, the NFS-e's): the few walks the
// readers need, over @xmldom/xmldom's DOM. Money is read into integer centavos, exactly.
import { DOMParser, onErrorStopParsing, type Element } from '@xmldom/xmldom';

export interface LeitorXml {
  /** The first child element of `pai` in the namespace with that local name. */
  filho(pai: Element | null | undefined, nome: string): Element | null;
  filhos(pai: Element | null | undefined, nome: string): Element[];
  /** The trimmed text at a path of child names, '' when absent. */
  texto(pai: Element | null | undefined, ...caminho: string[]): string;
  /** The centavos at a path of child names, 0 when absent. */
  dinheiro(pai: Element | null | undefined, ...caminho: string[]): number;
}

export function leitorXml(namespace: string): LeitorXml {
  const ehDoNamespace = (no: { nodeType: number }, nome: string): no is Element =>
    no.nodeType === 1 &&
    (no as Element).localName === nome &&
    (no as Element).namespaceURI === namespace;
  const filhos = (pai: Element | null | undefined, nome: string) => {
    const lista: Element[] = [];
    for (let no = pai?.firstChild ?? null; no; no = no.nextSibling) {
      if (ehDoNamespace(no, nome)) lista.push(no);
    }
    return lista;
  };
  const filho = (pai: Element | null | undefined, nome: string) => {
    for (let no = pai?.firstChild ?? null; no; no = no.nextSibling) {
      if (ehDoNamespace(no, nome)) return no;
    }
    return null;
  };
  const texto = (pai: Element | null | undefined, ...caminho: string[]) => {
    let atual = pai ?? null;
    for (const nome of caminho) atual = filho(atual, nome);
    return atual?.textContent?.trim() ?? '';
  };
  return {
    filho,
    filhos,
    texto,
    dinheiro: (pai, ...caminho) => centavos(texto(pai, ...caminho)),
  };
}

/** "1234.56" → 123456 centavos, exactly (no float in between); '' → 0. */
export function centavos(valor: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(valor);
  if (!match) return 0;
  const [, sinal, inteiro, fracao = ''] = match;
  const dois = Number(fracao.slice(0, 2).padEnd(2, '0'));
  const arredonda = Number(fracao[2] ?? 0) >= 5 ? 1 : 0;
  const total = Number(inteiro) * 100 + dois + arredonda;
  return sinal ? -total : total;
}

/** The document's root element; throws (with the parser's reason) on malformed XML. */
export function raizDoXml(xml: string): Element | null {
  const doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, 'text/xml');
  return doc.documentElement;
}
