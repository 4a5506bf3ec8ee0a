import { useEffect, useState } from 'react';
import { apiBlob } from './api-client';

/** 5 MB, the spec's limit for photos and attachments (the server enforces it too). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** A multipart body: the record as JSON in "dados" plus files by field name. */
export function multipartBody(
  dados: unknown,
  files: Record<string, File | File[] | null | undefined>,
): FormData {
  const form = new FormData();
  form.append('dados', JSON.stringify(dados));
  for (const [field, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : value ? [value] : [])
      form.append(field, file);
  }
  return form;
}

/** Loads an authenticated file (an <img> cannot send the token) and gives an object URL. */
export function useObjectUrl(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    let objectUrl: string | null = null;
    const controller = new AbortController();
    apiBlob(path, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [path]);
  return path ? url : null;
}

/** Downloads an authenticated file under the given name. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "1,2 MB" */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024)
    return `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** Offers a Blob (a generated file) as a download under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
