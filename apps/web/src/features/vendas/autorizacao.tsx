import type { Venda, VendaInputValues } from '@prumo/shared/vendas';
import type { SalvarVendaInput } from '../../api/vendas';
import { AutorizacaoCancelada, comAutorizacao } from '../../components/autorizacao';
import { notifyError } from '../../components/notify';
import { newIdempotencyKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';

/**
 * Saves a sale (POST, or PUT with `id`) with a new Idempotency-Key per send, asking for a
 * manager's authorization when its discount needs one.
 */
export function enviarVenda(
  salvar: (input: SalvarVendaInput) => Promise<Venda>,
  dados: Extract<VendaInputValues, { tipo: 'produto' | 'balcao' }>,
  id?: number,
): Promise<Venda> {
  return comAutorizacao((autorizacao) =>
    salvar({ id, dados: { ...dados, autorizacao }, idempotencyKey: newIdempotencyKey() }),
  );
}

/** Says why a sale was not saved, with the server's reason; nothing when the cashier gave up. */
export function avisarFalhaVenda(base: string, error: unknown): void {
  if (error instanceof AutorizacaoCancelada) return;
  console.error(base, error);
  notifyError(errorText(base, error));
}
