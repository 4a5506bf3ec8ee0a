import { isISODate } from '@prumo/shared/dates';
import { DateInputBR } from '../inputs/DateInputBR';

/** A list's period as kept in the address: two days aaaa-mm-dd, swapped when backwards. */
export function periodoDaUrl(params: URLSearchParams): { de: string; ate: string } {
  const dia = (nome: string) => {
    const texto = params.get(nome) ?? '';
    return isISODate(texto) ? texto : '';
  };
  const de = dia('de');
  const ate = dia('ate');
  return de && ate && de > ate ? { de: ate, ate: de } : { de, ate };
}

const dia = (value: unknown) => (value ? String(value).slice(0, 10) : '');

/** The "… de" and "… até" days of a Filtros panel (its calendars open inside the panel). */
export function PeriodoFiltro({
  rotulo,
  de,
  ate,
  onChange,
}: {
  /** "Data", "Entrada", "Vencimento". */
  rotulo: string;
  de: string;
  ate: string;
  onChange: (periodo: { de: string } | { ate: string }) => void;
}) {
  return (
    <>
      <DateInputBR
        label={`${rotulo} de`}
        clearable
        maxDate={ate || undefined}
        value={de || null}
        onChange={(value) => onChange({ de: dia(value) })}
        popoverProps={{ withinPortal: false }}
      />
      <DateInputBR
        label={`${rotulo} até`}
        clearable
        minDate={de || undefined}
        value={ate || null}
        onChange={(value) => onChange({ ate: dia(value) })}
        popoverProps={{ withinPortal: false }}
      />
    </>
  );
}
