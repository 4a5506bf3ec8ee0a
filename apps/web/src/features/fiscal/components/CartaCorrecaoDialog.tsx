import { Box, Text } from '@mantine/core';
import { cartaCorrecaoSchema, CONDICOES_DE_USO_CCE, type NotaFiscal } from '@prumo/shared/fiscal';
import { useCorrigirNota } from '../../../api/fiscal';
import { tituloNota } from '../../../components/fiscal/nota';
import { TextAreaField } from '../../../components/form/fields';
import { notifySuccess } from '../../../components/notify';
import { newIdempotencyKey } from '../../../lib/api-client';
import { EVENTO_TEXTOS as T } from '../eventos-textos';
import { Contador, EventoModal } from './EventoModal';

/** Carta de correção of an authorized NF-e: the text, how many more fit, the condições de uso. */
export function CartaCorrecaoDialog({
  nota,
  restantes,
  opened,
  onClose,
}: {
  nota: NotaFiscal;
  restantes: number;
  opened: boolean;
  onClose: () => void;
}) {
  const corrigir = useCorrigirNota();
  return (
    <EventoModal
      opened={opened}
      onClose={onClose}
      title={`${T.corrigir} · ${tituloNota(nota)}`}
      schema={cartaCorrecaoSchema}
      defaultValues={{ correcao: '' }}
      confirmar="Enviar carta de correção"
      falha={T.erroCorrigir}
      enviar={async (dados) => {
        const evento = await corrigir.mutateAsync({
          id: nota.id,
          dados,
          idempotencyKey: newIdempotencyKey(),
        });
        notifySuccess(T.corrigida(evento.sequencia));
      }}
    >
      <Text size="sm">{T.restantes(restantes)}</Text>
      <TextAreaField
        name="correcao"
        label={T.correcao}
        required
        data-autofocus
        minRows={4}
        maxLength={1000}
        description={<Contador name="correcao" min={15} max={1000} />}
      />
      <Text size="xs" c="dimmed">
        {T.correcaoAjuda}
      </Text>
      <Box>
        <Text size="xs" fw={600}>
          {T.condicoesDeUso}
        </Text>
        <Text size="xs" c="dimmed" data-testid="cce-condicoes">
          {CONDICOES_DE_USO_CCE}
        </Text>
      </Box>
    </EventoModal>
  );
}
