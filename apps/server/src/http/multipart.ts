import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

/** 5 MB, the spec's limit for photos and attachments. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface UploadRule {
  /** Name of the multipart field ("foto", "anexos"). */
  field: string;
  /** What the user calls it, for messages ("Foto"). */
  label: string;
  maxFiles: number;
  /** Accepted types, checked against the content (not the file name); absent = any type. */
  allowedTypes?: readonly { mime: string; label: string }[];
}

export interface UploadedFile {
  field: string;
  nome: string;
  tipoMime: string;
  tamanho: number;
  conteudo: Buffer;
}

export const IMAGE_TYPES = {
  jpeg: { mime: 'image/jpeg', label: 'JPG/JPEG' },
  gif: { mime: 'image/gif', label: 'GIF' },
  png: { mime: 'image/png', label: 'PNG' },
  webp: { mime: 'image/webp', label: 'WebP' },
} as const;

const sizeLabel = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

async function readFile(part: MultipartFile, rule: UploadRule): Promise<UploadedFile> {
  let conteudo: Buffer;
  try {
    conteudo = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `O arquivo "${part.filename}" excede o limite de ${sizeLabel}.`,
        {
          [rule.field]: `Tamanho máximo: ${sizeLabel}`,
        },
      );
    }
    throw error;
  }
  if (conteudo.length === 0) {
    throw badRequest(`O arquivo "${part.filename}" está vazio.`, { [rule.field]: 'Arquivo vazio' });
  }
  // Loaded on the first upload: it is a tenth of a second of every start otherwise.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(conteudo);
  if (rule.allowedTypes && !rule.allowedTypes.some((type) => type.mime === detected?.mime)) {
    const accepted = rule.allowedTypes.map((type) => type.label).join(', ');
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${rule.label}: o arquivo "${part.filename}" não é de um tipo aceito (${accepted}).`,
      {
        [rule.field]: `Tipos aceitos: ${accepted}`,
      },
    );
  }
  return {
    field: rule.field,
    nome: (part.filename || 'arquivo').slice(0, 255),
    tipoMime: detected?.mime ?? (part.mimetype || 'application/octet-stream').slice(0, 100),
    tamanho: conteudo.length,
    conteudo,
  };
}

/**
 * Reads a multipart form: a JSON field (`dados` by default) with the record, and files checked
 * against the rules (size, count, type by content). Throws 4xx AppErrors with pt-BR messages.
 * Validation of `data` is the caller's, with the same zod schema as the JSON route.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  rules: readonly UploadRule[],
  dataField = 'dados',
): Promise<{ data: unknown; files: UploadedFile[] }> {
  let data: unknown = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== dataField) {
          throw badRequest(`Campo não permitido: ${part.fieldname}`, {
            [part.fieldname]: 'Campo não permitido',
          });
        }
        try {
          data = JSON.parse(String(part.value));
        } catch {
          throw badRequest(`O campo "${dataField}" deve conter JSON válido.`);
        }
        continue;
      }
      const rule = rules.find((candidate) => candidate.field === part.fieldname);
      if (!rule) {
        throw badRequest(`Arquivo não esperado: ${part.fieldname}`, {
          [part.fieldname]: 'Campo não permitido',
        });
      }
      if (files.filter((file) => file.field === rule.field).length >= rule.maxFiles) {
        throw badRequest(`${rule.label}: envie no máximo ${rule.maxFiles} arquivo(s).`, {
          [rule.field]: `No máximo ${rule.maxFiles}`,
        });
      }
      files.push(await readFile(part, rule));
    }
  } catch (error) {
    // The multipart parser's own complaints (no boundary, a truncated body) carry no status.
    if (error instanceof AppError || (error as { statusCode?: unknown }).statusCode) throw error;
    throw badRequest('O envio de arquivos está malformado. Envie o formulário novamente.');
  }
  return { data, files };
}

/** Sends a stored file; images may be shown inline, everything else downloads. */
export function sendArquivo(
  reply: FastifyReply,
  arquivo: { nome: string; tipoMime: string; conteudo: Buffer },
  { inline = false } = {},
) {
  const asciiName = arquivo.nome.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const disposition = inline && arquivo.tipoMime.startsWith('image/') ? 'inline' : 'attachment';
  return reply
    .header('content-type', arquivo.tipoMime)
    .header(
      'content-disposition',
      `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(arquivo.nome)}`,
    )
    .header('cache-control', 'private, max-age=300')
    .send(arquivo.conteudo);
}
