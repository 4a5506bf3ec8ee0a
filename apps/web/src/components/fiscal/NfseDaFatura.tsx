import { Anchor, Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SituacaoNfse } from '@prumo/shared/fiscal';
import { useEmitirNfse } from '../../api/fiscal';
import { newIdempotencyKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { notifyError } from '../notify';
import { avisarResultadoNfse, nfsePath, useDisponibilidadeNfse } from './nfse';
import { SituacaoNotaBadge } from './nota';

const ERRO_EMITIR = 'Erro ao emitir a NFS-e';

/**
 * A contract bill's NFS-e in its row (issue 31): a link to the note in force with its situação,
 * or "Emitir NFS-e" where the company issues them (the server says what stops it otherwise).
 */
export function NfseDaFatura({
  faturaId,
  nfse,
}: {
  faturaId: number;
  nfse: { id: number; situacao: SituacaoNfse } | null;
}) {
  const disponibilidade = useDisponibilidadeNfse();
  const emitir = useEmitirNfse();
  if (nfse) {
    return (
      <Anchor component={Link} to={nfsePath(nfse.id)} size="sm" style={{ whiteSpace: 'nowrap' }}>
        <SituacaoNotaBadge situacao={nfse.situacao} size="sm" />
      </Anchor>
    );
  }
  if (disponibilidade !== 'ativa' && disponibilidade !== 'desconhecida') return null;
  async function enviar() {
    try {
      avisarResultadoNfse(
        await emitir.mutateAsync({
          dados: { contrato_fatura_id: faturaId },
          idempotencyKey: newIdempotencyKey(),
        }),
      );
    } catch (error) {
      console.error(ERRO_EMITIR, error);
      notifyError(errorText(ERRO_EMITIR, error));
    }
  }
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconFileInvoice size={14} />}
      loading={emitir.isPending}
      onClick={() => void enviar()}
    >
      Emitir NFS-e
    </Button>
  );
}
