import { useEffect, useState } from 'react';

/**
 * The seconds left of a deadline the server counted (`restante` when it answered, at `lidoEm`),
 * ticking every second: the server's count, so a wrong clock here does not move the deadline.
 */
export function useSegundosRestantes(restante: number | null, lidoEm: number): number | null {
  const [agora, setAgora] = useState(() => Date.now());
  useEffect(() => {
    if (restante === null || restante <= 0) return;
    const relogio = window.setInterval(() => setAgora(Date.now()), 1000);
    return () => window.clearInterval(relogio);
  }, [restante]);
  if (restante === null) return null;
  return Math.max(0, restante - Math.max(0, Math.floor((agora - lidoEm) / 1000)));
}

const dois = (valor: number) => String(valor).padStart(2, '0');

/** "23:59:12" from an hour up, "29:59" below it. */
export function formatRestante(segundos: number): string {
  const horas = Math.floor(segundos / 3600);
  const minutos = Math.floor((segundos % 3600) / 60);
  const resto = segundos % 60;
  return horas > 0 ? `${horas}:${dois(minutos)}:${dois(resto)}` : `${dois(minutos)}:${dois(resto)}`;
}
