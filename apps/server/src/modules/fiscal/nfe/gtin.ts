// GTIN (cEAN / cEANTrib) as SEFAZ checks it since NT 2017.001: 8, 12, 13 or 14 digits, GS1 check
// digit (rejections 611/612), and a GS1 prefix that names a member organisation (882/884).

/*
 * The prefixes (first three digits of the GTIN-13 form) of the "Tabela Prefixo GS1" published in
 * the Portal Nacional da NF-e (Documentos → Diversos), as mirrored in nfephp-org/sped-gtin
 * `src/Tabela_Prefixo_GS1.csv` (commit 79e176e0cd5b55d3bf0373b084242038da630d0f). Only the rows
 * of member organisations (indEsp 0) and the ISSN/ISBN publications (977–979, real products)
 * are kept: restricted circulation (020–029, 040–049, 200–299), coupons, refund receipts and the
 * GS1 office ranges never name a product sold, and gaps belong to nobody.
 */
const FAIXAS_VALIDAS: readonly [number, number][] = (
  '000-019 030-039 060-139 300-380 383 385 387 389 400-440 450-471 474-509 520-521 528-531 535 ' +
  '539-549 560 569-579 590 594 599-601 603-604 608-609 611 613 615-616 618-629 640-649 690-709 ' +
  '729-746 750 754-755 759-771 773 775 777-780 784 786 789-790 800-850 858-860 865 867-880 ' +
  '884-885 888 890 893 896 899-919 930-949 955 958 977-979'
)
  .split(' ')
  .map((faixa) => {
    const [inicio, fim = inicio] = faixa.split('-');
    return [Number(inicio), Number(fim)];
  });

function digitoVerificador(semDigito: string): number {
  let soma = 0;
  for (let i = 0; i < semDigito.length; i++) {
    // From the right: the digit next to the check digit weighs 3, the following 1, and so on.
    const peso = (semDigito.length - i) % 2 === 1 ? 3 : 1;
    soma += Number(semDigito[i]) * peso;
  }
  return (10 - (soma % 10)) % 10;
}

function prefixoValido(prefixo: number): boolean {
  return FAIXAS_VALIDAS.some(([inicio, fim]) => prefixo >= inicio && prefixo <= fim);
}

/** Whether `codigo` is a GTIN-8/12/13/14 SEFAZ accepts (check digit and GS1 prefix). */
export function gtinValido(codigo: string | null | undefined): boolean {
  const gtin = (codigo ?? '').trim();
  if (!/^(\d{8}|\d{12,14})$/.test(gtin) || /^0+$/.test(gtin)) return false;
  if (digitoVerificador(gtin.slice(0, -1)) !== Number(gtin.at(-1))) return false;
  if (gtin.length === 8) {
    // GTIN-8 numbers beginning with 0 or 2 are restricted circulation (RCN-8).
    return gtin[0] !== '0' && gtin[0] !== '2' && prefixoValido(Number(gtin.slice(0, 3)));
  }
  // A GTIN-14's first digit is the packaging level (1 to 9), and the GS1 prefix follows it.
  if (gtin.length === 14 && gtin[0] === '0') return false;
  const corpo13 = gtin.length === 14 ? gtin.slice(1) : gtin.padStart(13, '0');
  return prefixoValido(Number(corpo13.slice(0, 3)));
}
