import { useController } from 'react-hook-form';
import type { TipoCadastro } from '@prumo/shared/cadastros';
import { CadastroSelect, type CadastroEscolhido } from '../CadastroSelect';

/**
 * A customer, employee, supplier or carrier picked from the registry (CadastroSelect), bound by
 * name to the form around it; its value is the chosen { id, nome } or null.
 */
export function CadastroField({
  name,
  tipo,
  label,
  placeholder,
  nothingFound,
  required,
}: {
  name: string;
  tipo: TipoCadastro;
  label: string;
  placeholder: string;
  nothingFound: string;
  required?: boolean;
}) {
  const { field, fieldState } = useController({ name });
  return (
    <CadastroSelect
      tipo={tipo}
      label={label}
      placeholder={placeholder}
      nothingFound={nothingFound}
      required={required}
      value={field.value as CadastroEscolhido | null}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}
