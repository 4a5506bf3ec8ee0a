const NOMES = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];

/** "2026-03" (or a day of it) → "Mar", or "Mar/26" with the year. */
export function rotuloMes(mes: string, comAno = false): string {
  const nome = NOMES[Number(mes.slice(5, 7)) - 1] ?? mes;
  return comAno ? `${nome}/${mes.slice(2, 4)}` : nome;
}
