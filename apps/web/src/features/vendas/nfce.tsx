import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isValidCpf } from '@prumo/shared/brasil';
import { FISCAL_MENSAGENS, FISCAL_TEXTOS, type NotaFiscal } from '@prumo/shared/fiscal';
import type { Venda } from '@prumo/shared/vendas';
import { statusFiscalQueryOptions, useEmitirNota } from '../../api/fiscal';
import { baixarDanfe, resultadoNota, temDanfe } from '../../components/fiscal/nota';
import { CpfInput } from '../../components/inputs/masked';
import { notifyError, notifyWarning } from '../../components/notify';
import { newIdempotencyKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { imprimirComprovante } from './imprimir';

export const NFCE_TEXTOS = {
  pergunta: 'CPF na nota?',
  semCpf: `Em branco, a NFC-e sai para ${FISCAL_TEXTOS.consumidorNaoIdentificado}.`,
  atalhos: 'Enter ou F9 finaliza; Esc volta à venda.',
  naoEmitida: 'A NFC-e não foi emitida; impresso o comprovante não fiscal',
  comprovante: 'Impresso o comprovante não fiscal; corrija e transmita a nota em Nota Fiscal.',
  naoPronta:
    'A NFC-e está ativa, mas a emissão não está pronta: as vendas saem com o comprovante não fiscal.',
} as const;

/** "CPF na nota?": an optional CPF, masked and checked; Enter or F9 goes on, Esc gives up. */
function CpfNaNotaForm({
  onConfirm,
  onCancel,
}: {
  onConfirm: (cpf: string | null) => void;
  onCancel: () => void;
}) {
  const [cpf, setCpf] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  function confirmar(event?: FormEvent) {
    event?.preventDefault();
    const digitos = cpf.replace(/\D/g, '');
    if (digitos && !isValidCpf(digitos)) {
      setErro(FISCAL_MENSAGENS.cpfConsumidor);
      return;
    }
    onConfirm(digitos || null);
  }
  return (
    <form onSubmit={confirmar} noValidate data-testid="cpf-na-nota">
      <Stack gap="sm">
        <CpfInput
          label="CPF do consumidor (opcional)"
          placeholder="000.000.000-00"
          data-autofocus
          value={cpf}
          onChange={(valor) => {
            setCpf(valor);
            setErro(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'F9') return;
            event.preventDefault();
            confirmar();
          }}
          error={erro}
        />
        <Text size="xs" c="dimmed">
          {NFCE_TEXTOS.semCpf} {NFCE_TEXTOS.atalhos}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Voltar
          </Button>
          <Button type="submit" color="green">
            Finalizar venda
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * NFC-e at the counter (issue 28): whether the sale goes with one (NFC-e on and ready, as the
 * cached status says: no call when it is off), the "CPF na nota?" question, and the emission
 * that prints the DANFCE in place of the non-fiscal receipt (the contingency one too), falling
 * back to the receipt, with a notification, when the note is not authorized.
 */
export function useNfce() {
  const queryClient = useQueryClient();
  const emitir = useEmitirNota();
  const [resposta, setResposta] = useState<((cpf: string | null | undefined) => void) | null>(null);

  /** True when the counter's sales go with an NFC-e. */
  async function ativa(): Promise<boolean> {
    try {
      const status = await queryClient.ensureQueryData(statusFiscalQueryOptions());
      return status.nfce_ativa === true && status.pronto === true;
    } catch {
      return false;
    }
  }

  /** The consumer's CPF (digits), null for none, undefined when the cashier went back. */
  function pedirCpf(): Promise<string | null | undefined> {
    return new Promise((resolve) => setResposta(() => resolve));
  }

  function responder(cpf: string | null | undefined) {
    resposta?.(cpf);
    setResposta(null);
  }

  /** Issues the sale's NFC-e and prints what the customer takes: DANFCE or receipt. */
  async function emitirEImprimir(
    venda: Pick<Venda, 'id' | 'numero'>,
    cpf: string | null,
  ): Promise<NotaFiscal | null> {
    let nota: NotaFiscal;
    try {
      nota = await emitir.mutateAsync({
        dados: { venda_id: venda.id, modelo: 65, cpf_consumidor: cpf },
        idempotencyKey: newIdempotencyKey(),
      });
    } catch (error) {
      console.error(NFCE_TEXTOS.naoEmitida, error);
      notifyError(errorText(NFCE_TEXTOS.naoEmitida, error));
      await imprimirComprovante(venda, '80mm');
      return null;
    }
    if (temDanfe(nota)) {
      if (nota.situacao === 'Em contingência') notifyWarning(resultadoNota(nota).texto);
      if (!(await baixarDanfe(nota))) await imprimirComprovante(venda, '80mm');
    } else {
      notifyError(`${resultadoNota(nota).texto} ${NFCE_TEXTOS.comprovante}`);
      await imprimirComprovante(venda, '80mm');
    }
    return nota;
  }

  const modal = (
    <Modal
      opened={resposta !== null}
      onClose={() => responder(undefined)}
      title={NFCE_TEXTOS.pergunta}
      centered
      size="sm"
    >
      {resposta !== null && (
        <CpfNaNotaForm onConfirm={responder} onCancel={() => responder(undefined)} />
      )}
    </Modal>
  );

  return { ativa, pedirCpf, emitirEImprimir, modal };
}
