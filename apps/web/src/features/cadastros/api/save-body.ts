import { multipartBody } from '../../../lib/files';

export interface CadastroArquivosNovos {
  foto?: File | null;
  anexos?: File[];
}

/** JSON when there are no files; otherwise multipart with the JSON in "dados" (upload on save). */
export function cadastroBody(dados: Record<string, unknown>, arquivos: CadastroArquivosNovos) {
  const hasFiles = Boolean(arquivos.foto) || (arquivos.anexos?.length ?? 0) > 0;
  return hasFiles ? multipartBody(dados, { foto: arquivos.foto, anexos: arquivos.anexos }) : dados;
}
