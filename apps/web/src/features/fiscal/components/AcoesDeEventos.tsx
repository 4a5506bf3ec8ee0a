import { Button, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconBan, IconFileOff, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import { formatDateTime } from '@prumo/shared/dates';
import type { EventosDaNota, NotaFiscal } from '@prumo/shared/fiscal';
import { useSession } from '../../../lib/session';
import { EVENTO_TEXTOS as T } from '../eventos-textos';
import { CancelarNotaDialog } from './CancelarNotaDialog';
import { CartaCorrecaoDialog } from './CartaCorrecaoDialog';
import { InutilizarNotaDialog } from './InutilizarDialogs';
import { formatRestante, useSegundosRestantes } from './prazo';

type Dialogo = 'cancelar' | 'corrigir' | 'inutilizar';

/**
 * The note's buttons for events at SEFAZ, each with its dialog: Carta de correção (anyone),
 * Cancelar nota and Inutilizar número (admins and managers), shown when the server says they
 * may be done now. They sit in the note's action bar, beside its other buttons.
 */
export function AcoesDeEventos({
  nota,
  eventos,
}: {
  nota: NotaFiscal;
  eventos: UseQueryResult<EventosDaNota>;
}) {
  const gerente = hasRole(useSession().user?.role, ADMIN_MANAGER);
  const [aberto, setAberto] = useState<Dialogo | null>(null);
  const dados = eventos.data;
  if (!dados) return null;
  const fechar = () => setAberto(null);
  return (
    <>
      {dados.correcao.permitida && (
        <Button
          variant="default"
          leftSection={<IconPencil size={16} />}
          onClick={() => setAberto('corrigir')}
        >
          {T.corrigir}
        </Button>
      )}
      {gerente && dados.cancelamento.permitido && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconBan size={16} />}
          onClick={() => setAberto('cancelar')}
        >
          {T.cancelar}
        </Button>
      )}
      {gerente && dados.inutilizacao.permitida && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconFileOff size={16} />}
          onClick={() => setAberto('inutilizar')}
        >
          {T.inutilizarNumero}
        </Button>
      )}
      <CancelarNotaDialog
        nota={nota}
        prazo={{ restante: dados.cancelamento.restante_segundos, lidoEm: eventos.dataUpdatedAt }}
        opened={aberto === 'cancelar'}
        onClose={fechar}
      />
      <CartaCorrecaoDialog
        nota={nota}
        restantes={dados.correcao.restantes}
        opened={aberto === 'corrigir'}
        onClose={fechar}
      />
      <InutilizarNotaDialog nota={nota} opened={aberto === 'inutilizar'} onClose={fechar} />
    </>
  );
}

/**
 * Under an authorized note's situação: until when it may be cancelled and the time left,
 * ticking; or why it no longer may.
 */
export function PrazoCancelamento({
  nota,
  eventos,
}: {
  nota: NotaFiscal;
  eventos: UseQueryResult<EventosDaNota>;
}) {
  const cancelamento = eventos.data?.cancelamento;
  const segundos = useSegundosRestantes(
    cancelamento?.restante_segundos ?? null,
    eventos.dataUpdatedAt,
  );
  if (nota.situacao !== 'Autorizada' || !cancelamento?.prazo_ate) return null;
  const texto =
    cancelamento.permitido && segundos
      ? T.cancelavelAte(formatDateTime(cancelamento.prazo_ate), formatRestante(segundos))
      : (cancelamento.motivo ?? T.prazoTerminado);
  return (
    <Text size="sm" c="dimmed" mt="xs" data-testid="nota-prazo-cancelamento">
      {texto}
    </Text>
  );
}
