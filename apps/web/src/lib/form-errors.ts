import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows the server's per-field messages next to the fields. `fieldMap` translates API field
 * names (snake_case) to form field names when they differ. Returns true when any was shown.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fields);
  for (const [field, message] of entries) {
    setError((fieldMap[field] ?? field) as Path<T>, { type: 'server', message });
  }
  return entries.length > 0;
}

/** Sets each message at its dotted path ("produtos.0.quantidade") of react-hook-form's errors. */
export function fieldErrorsAt<T extends FieldValues>(
  erros: Record<string, string>,
): FieldErrors<T> {
  const raiz: Record<string, unknown> = {};
  for (const [campo, message] of Object.entries(erros)) {
    const partes = campo.split('.');
    let no = raiz;
    partes.forEach((parte, index) => {
      if (index === partes.length - 1) no[parte] = { type: 'validation', message };
      else
        no = (no[parte] ??= /^\d+$/.test(partes[index + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return raiz as FieldErrors<T>;
}

/**
 * A resolver from a function that lists every problem of the values by field path (a form whose
 * values are not the API's body: it checks what would be sent with the shared schema).
 */
export function resolverDeErros<T extends FieldValues>(
  erros: (values: T) => Record<string, string>,
): Resolver<T> {
  return (values) => {
    const encontrados = erros(values);
    return Object.keys(encontrados).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: fieldErrorsAt<T>(encontrados) };
  };
}

/** What a shared zod schema's safeParse answers (without importing zod into the web app). */
interface SafeParser {
  safeParse(dados: unknown): {
    success: boolean;
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
  };
}

/**
 * The shared schema's messages on what a form would send, by field path (the first of each);
 * `campos` renames the API's fields that the form calls otherwise (pessoa_id → pessoa).
 */
export function errosDoSchema(
  schema: SafeParser,
  dados: unknown,
  campos: Record<string, string> = {},
): Record<string, string> {
  const erros: Record<string, string> = {};
  const result = schema.safeParse(dados);
  for (const issue of result.error?.issues ?? []) {
    const campo = issue.path.map(String).join('.');
    erros[campos[campo] ?? campo] ??= issue.message;
  }
  return erros;
}
