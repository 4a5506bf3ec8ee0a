import { formatDate } from '../dates';
import { formatDecimal, formatMoney, formatPercent } from '../money';
import type { Celula, TipoColuna } from './relatorio.schema';

/** A cell as the screen and the PDF show it: R$ 1.234,56, 12,50%, dd/mm/aaaa. */
export function formatarCelula(valor: Celula, tipo: TipoColuna): string {
  if (valor === null || valor === '') return '';
  if (typeof valor === 'string') return tipo === 'data' ? formatDate(valor) : valor;
  switch (tipo) {
    case 'dinheiro':
      return formatMoney(valor);
    case 'percentual':
      return formatPercent(valor);
    case 'inteiro':
      return formatDecimal(valor, 0);
    case 'numero':
      return valor.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
    default:
      return String(valor);
  }
}

/**
 * A text cell a spreadsheet would run as a formula (= + - @, or a tab or return first) gets an
 * apostrophe in front, so an exported customer named "=HYPERLINK(…)" stays text (CSV injection).
 */
export function neutralizarFormula(texto: string): string {
  return /^[=+\-@\t\r]/.test(texto) ? `'${texto}` : texto;
}

/**
 * A cell of a CSV for Excel in pt-BR: numbers with a decimal comma and no thousands dots (Excel
 * reads them as numbers), days dd/mm/aaaa, text neutralised and quoted when it holds ; " or a
 * line break.
 */
export function celulaCsv(valor: Celula, tipo: TipoColuna): string {
  if (valor === null) return '';
  if (typeof valor === 'number') {
    const texto = tipo === 'dinheiro' || tipo === 'percentual' ? valor.toFixed(2) : String(valor);
    return texto.replace('.', ',');
  }
  const texto = tipo === 'data' ? formatDate(valor) : neutralizarFormula(valor);
  return /[;"\r\n]/.test(texto) ? `"${texto.replaceAll('"', '""')}"` : texto;
}
