/** Bom dia before noon, Boa tarde until 18h, Boa noite otherwise (from 5h counts as morning). */
export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}
