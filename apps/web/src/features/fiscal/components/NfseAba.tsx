import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { AMBIENTE_LABELS, type AmbienteFiscal } from '@prumo/shared/fiscal';
import { useStatusFiscal } from '../../../api/fiscal';
import { SemValorFiscalBadge } from '../../../components/fiscal/nota';
import { NfseIndisponivel, useDisponibilidadeNfse } from '../../../components/fiscal/nfse';
import { PageLoader } from '../../../components/PageLoader';
import type { FiltrosNota } from '../filtros';
import { NFSE_TEXTOS } from '../textos';
import { NfseLista } from './NfseLista';

const AMBIENTE_COR: Record<AmbienteFiscal, string> = {
  simulacao: 'yellow',
  homologacao: 'blue',
  producao: 'green',
};

/**
 * The strip over the NFS-e tab, where the SEFAZ's is on the others: the ambiente (SEM VALOR
 * FISCAL outside produção) and where the notes go, the national issuer.
 */
export function EmissorNacional() {
  const ambiente = useStatusFiscal().data?.ambiente;
  const municipal = useDisponibilidadeNfse() === 'municipal';
  return (
    <Paper withBorder radius="md" px="md" py="sm" mb="md" data-testid="nfse-emissor">
      <Group gap="md">
        {ambiente && (
          <Group gap={6}>
            <Badge color={AMBIENTE_COR[ambiente]} variant="light" size="lg">
              {AMBIENTE_LABELS[ambiente]}
            </Badge>
            <SemValorFiscalBadge ambiente={ambiente} />
          </Group>
        )}
        {!municipal && (
          <Text size="sm" c="dimmed">
            {NFSE_TEXTOS.emissor}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The NFS-e tab of /nota-fiscal (issue 30): the notes issued. A company whose município has its own issuer is told so instead of the list; NFS-e turned off
 * in Configurações → Fiscal is said above the notes issued before.
 */
export function NfseAba({
  filtros,
  onChange,
}: {
  filtros: FiltrosNota;
  onChange: (filtros: FiltrosNota) => void;
}) {
  const disponibilidade = useDisponibilidadeNfse();
  if (disponibilidade === 'carregando') return <PageLoader label="Carregando NFS-e..." />;
  if (disponibilidade === 'municipal') return <NfseIndisponivel motivo="municipal" />;
  return (
    <Stack gap="md">
      {disponibilidade === 'desativada' && <NfseIndisponivel motivo="desativada" />}
      <NfseLista filtros={filtros} onChange={onChange} />
    </Stack>
  );
}
