/**
 * The access key of a national NFS-e (50 digits, TSChaveNFSe): the issuing município (7), the
 * generating environment (1: the municipality's, 2: the national Sefin), the kind of the issuer's
 * registration (1 CPF, 2 CNPJ), the registration (14), the NFS-e's number (13), the year and month
 * of issue (AAMM), a numeric code (9) and a check digit: weights 2 to 9 from the right, mod 11
 * (as the NF-e's key). The note's Id is "NFS" and the key.
 */
export interface PartesDaChaveNfse {
  municipio: number;
  ambienteGerador: 1 | 2;
  cnpj?: string | null;
  cpf?: string | null;
  numero: number;
  /** "2611" for November 2026. */
  anoMes: string;
  codigoNumerico: string;
}

/** The check digit of the key's first 49 digits. */
export function digitoDaChaveNfse(chave49: string): number {
  if (!/^\d{49}$/.test(chave49)) throw new Error('A chave da NFS-e sem o dígito tem 49 dígitos');
  let soma = 0;
  for (let i = 0; i < 49; i++) soma += Number(chave49[48 - i]) * (2 + (i % 8));
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export function montarChaveNfse(partes: PartesDaChaveNfse): string {
  const cnpj = (partes.cnpj ?? '').replace(/\D/g, '');
  const inscricao = cnpj !== '' ? cnpj : (partes.cpf ?? '').replace(/\D/g, '');
  if (!/^\d{4}$/.test(partes.anoMes)) throw new Error('Ano e mês da NFS-e: AAMM');
  if (!/^\d{9}$/.test(partes.codigoNumerico))
    throw new Error('Código numérico da NFS-e: 9 dígitos');
  const sem =
    String(partes.municipio).padStart(7, '0') +
    partes.ambienteGerador +
    (cnpj !== '' ? '2' : '1') +
    inscricao.padStart(14, '0') +
    String(partes.numero).padStart(13, '0') +
    partes.anoMes +
    partes.codigoNumerico;
  return sem + digitoDaChaveNfse(sem);
}

/** Whether a 50-digit key is well formed and its last digit checks. */
export function chaveNfseValida(chave: string): boolean {
  return /^\d{50}$/.test(chave) && digitoDaChaveNfse(chave.slice(0, 49)) === Number(chave[49]);
}
