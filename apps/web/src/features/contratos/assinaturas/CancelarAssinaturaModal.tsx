import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  ASSINATURA_MESSAGES as M,
  QUANDO_CANCELAR,
  type Assinatura,
  type QuandoCancelar,
} from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import { useCancelarAssinatura } from '../../../api/assinaturas';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { useChavePorCorpo } from '../../../lib/idempotency';
import { ASSINATURA_TEXTOS as T } from './textos';

/** The day a cancellation at the period's end takes effect: the next renewal (or trial's end). */
const fimDoPeriodo = (a: Assinatura) => a.proxima_renovacao ?? a.inicio_cobranca;

function Cancelar({ assinatura, onClose }: { assinatura: Assinatura; onClose: () => void }) {
  const [quando, setQuando] = useState<QuandoCancelar>(
    assinatura.cancelar_ao_fim ? 'agora' : 'fim_do_periodo',
  );
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const cancelar = useCancelarAssinatura();
  const chaveDe = useChavePorCorpo();

  async function confirmar() {
    if (!motivo.trim()) {
      setErro(M.motivoCancelamento);
      return;
    }
    const body = { id: assinatura.id, quando, motivo: motivo.trim() };
    try {
      await cancelar.mutateAsync({ ...body, idempotencyKey: chaveDe(body) });
      notifySuccess(quando === 'agora' ? T.cancelada : T.cancelaAoFim);
      onClose();
    } catch (error) {
      notifyError(errorText(T.erroCancelar, error));
    }
  }

  return (
    <Stack gap="sm">
      <Radio.Group
        label="Quando"
        value={quando}
        onChange={(valor) => setQuando(valor as QuandoCancelar)}
      >
        <Stack gap={6} mt={4}>
          {QUANDO_CANCELAR.filter((q) => !(assinatura.cancelar_ao_fim && q.value !== 'agora')).map(
            (q) => (
              <Radio
                key={q.value}
                value={q.value}
                label={
                  q.value === 'fim_do_periodo'
                    ? `${q.label} (deixa de renovar em ${formatDate(fimDoPeriodo(assinatura))})`
                    : q.label
                }
              />
            ),
          )}
        </Stack>
      </Radio.Group>
      {quando === 'agora' && (
        <Text size="sm" c="dimmed">
          {T.semDevolucao}
        </Text>
      )}
      <Textarea
        label="Motivo"
        withAsterisk
        value={motivo}
        maxLength={500}
        onChange={(event) => {
          setMotivo(event.currentTarget.value);
          setErro(null);
        }}
        error={erro}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Voltar
        </Button>
        <Button color="red" loading={cancelar.isPending} onClick={() => void confirmar()}>
          {T.cancelar}
        </Button>
      </Group>
    </Stack>
  );
}

export function CancelarAssinaturaModal({
  assinatura,
  opened,
  onClose,
}: {
  assinatura: Assinatura;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={T.cancelar} centered>
      {opened && <Cancelar assinatura={assinatura} onClose={onClose} />}
    </Modal>
  );
}
