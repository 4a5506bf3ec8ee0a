import { Text } from '@mantine/core';
import {
  formatFaixa,
  inutilizacaoInputSchema,
  inutilizarNotaSchema,
  MODELO_LABELS,
  type ModeloFiscal,
  type NotaFiscal,
} from '@prumo/shared/fiscal';
import { useInutilizarNota, useInutilizarNumeracao } from '../../../api/fiscal';
import { formatNumeroNota } from '../../../components/fiscal/nota';
import { IntegerField, TextAreaField } from '../../../components/form/fields';
import { notifySuccess } from '../../../components/notify';
import { newIdempotencyKey } from '../../../lib/api-client';
import { EVENTO_TEXTOS as T } from '../eventos-textos';
import { Contador, EventoModal } from './EventoModal';

function Justificativa() {
  return (
    <TextAreaField
      name="justificativa"
      label={T.justificativa}
      required
      minRows={2}
      maxLength={255}
      description={<Contador name="justificativa" min={15} max={255} />}
    />
  );
}

/** "Inutilizar este número": a draft or rejected note gives up its number at SEFAZ. */
export function InutilizarNotaDialog({
  nota,
  opened,
  onClose,
}: {
  nota: NotaFiscal;
  opened: boolean;
  onClose: () => void;
}) {
  const inutilizar = useInutilizarNota();
  return (
    <EventoModal
      opened={opened}
      onClose={onClose}
      title={T.inutilizarNumero}
      schema={inutilizarNotaSchema}
      defaultValues={{ justificativa: '' }}
      confirmar={T.inutilizarNumero}
      cor="red"
      falha={T.erroInutilizar}
      enviar={async (dados) => {
        await inutilizar.mutateAsync({ id: nota.id, dados, idempotencyKey: newIdempotencyKey() });
        notifySuccess(T.numeroInutilizado);
      }}
    >
      <Text size="sm">{T.inutilizarNumeroTexto(formatNumeroNota(nota.numero))}</Text>
      <Justificativa />
    </EventoModal>
  );
}

/** The range a gap suggests, or a blank one. */
export interface FaixaSugerida {
  serie: number;
  inicio?: number;
  fim?: number;
}

/** "Inutilizar numeração": a range of one série of the modelo, never used. */
export function InutilizarNumeracaoDialog({
  modelo,
  faixa,
  onClose,
}: {
  modelo: ModeloFiscal;
  /** null: closed. */
  faixa: FaixaSugerida | null;
  onClose: () => void;
}) {
  const inutilizar = useInutilizarNumeracao();
  return (
    <EventoModal
      opened={faixa !== null}
      onClose={onClose}
      title={`${T.inutilizarNumeracao} · ${MODELO_LABELS[modelo]}`}
      schema={inutilizacaoInputSchema}
      defaultValues={{
        modelo,
        serie: faixa?.serie ?? 1,
        numero_inicial: faixa?.inicio,
        numero_final: faixa?.fim,
        justificativa: '',
      }}
      confirmar={T.inutilizarNumeracao}
      cor="red"
      falha={T.erroInutilizar}
      enviar={async (dados) => {
        const feita = await inutilizar.mutateAsync({ dados, idempotencyKey: newIdempotencyKey() });
        notifySuccess(
          T.numeracaoInutilizada(formatFaixa(feita.numero_inicial, feita.numero_final)),
        );
      }}
    >
      <IntegerField name="serie" label={T.serie} required min={0} max={999} />
      <IntegerField name="numero_inicial" label={T.numeroInicial} required min={1} />
      <IntegerField name="numero_final" label={T.numeroFinal} required min={1} />
      <Justificativa />
    </EventoModal>
  );
}
