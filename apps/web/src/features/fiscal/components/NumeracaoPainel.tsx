import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileCode, IconFileOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import { formatDate } from '@prumo/shared/dates';
import { formatFaixa, type Inutilizacao, type ModeloFiscal } from '@prumo/shared/fiscal';
import { baixarXmlInutilizacao, useInutilizacoes, useLacunas } from '../../../api/fiscal';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { EVENTO_TEXTOS as T } from '../eventos-textos';
import { InutilizarNumeracaoDialog, type FaixaSugerida } from './InutilizarDialogs';

function Inutilizacoes({ modelo }: { modelo: ModeloFiscal }) {
  const lista = useInutilizacoes(modelo);
  const baixar = (inutilizacao: Inutilizacao) =>
    baixarXmlInutilizacao(inutilizacao).catch((error: unknown) => {
      console.error(T.erroArquivo, error);
      notifyError(errorText(T.erroArquivo, error));
    });
  if (!lista.data?.length) {
    return (
      <Text size="xs" c="dimmed">
        {lista.isPending ? 'Carregando...' : 'Nenhuma inutilização.'}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="inutilizacoes">
      {lista.data.map((inutilizacao) => (
        <Group key={inutilizacao.id} gap="xs" wrap="nowrap">
          <Text size="xs">
            Série {inutilizacao.serie} ·{' '}
            {formatFaixa(inutilizacao.numero_inicial, inutilizacao.numero_final)} ·{' '}
            {formatDate(inutilizacao.registrada_em)} · {T.protocolo} {inutilizacao.protocolo}
            {inutilizacao.usuario_nome ? ` · ${inutilizacao.usuario_nome}` : ''}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconFileCode size={12} />}
            onClick={() => void baixar(inutilizacao)}
          >
            {T.baixarXml}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Above the notes of a modelo: the numbers each série skipped (a gap), so none is forgotten,
 * each voided in one click by admins and managers (Inutilizar numeração, also for any range),
 * and the latest voided ranges with their XML.
 */
export function NumeracaoPainel({ modelo }: { modelo: ModeloFiscal }) {
  const lacunas = useLacunas(modelo);
  const gerente = hasRole(useSession().user?.role, ADMIN_MANAGER);
  const [faixa, setFaixa] = useState<FaixaSugerida | null>(null);
  const [historico, setHistorico] = useState(false);
  const series = lacunas.data ?? [];
  return (
    <Paper withBorder radius="md" p="sm" mb="md" data-testid="numeracao-painel">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: 1 }}>
          <Text size="sm" fw={600}>
            {T.lacunas}
          </Text>
          {lacunas.isError ? (
            <Text size="sm" c="red">
              {T.erroLacunas}
            </Text>
          ) : series.length === 0 ? (
            <Text size="sm" c="dimmed">
              {lacunas.isPending ? 'Carregando...' : T.semLacunas}
            </Text>
          ) : (
            <Stack gap={4} data-testid="lacunas">
              <Text size="xs" c="dimmed">
                {T.lacunasAjuda}
              </Text>
              {series.map((serie) => (
                <Group key={serie.serie} gap={6}>
                  <Text size="sm">
                    Série {serie.serie} ({T.totalLacunas(serie.total)}):
                  </Text>
                  {serie.faixas.map((lacuna) => {
                    const texto = formatFaixa(lacuna.inicio, lacuna.fim);
                    return gerente ? (
                      <Button
                        key={lacuna.inicio}
                        size="compact-xs"
                        color="orange"
                        variant="light"
                        title={`${T.inutilizarNumeracao}: ${texto}`}
                        onClick={() =>
                          setFaixa({ serie: serie.serie, inicio: lacuna.inicio, fim: lacuna.fim })
                        }
                      >
                        {texto}
                      </Button>
                    ) : (
                      <Badge key={lacuna.inicio} color="orange" variant="light">
                        {texto}
                      </Badge>
                    );
                  })}
                </Group>
              ))}
            </Stack>
          )}
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => setHistorico((v) => !v)}
          >
            {T.inutilizadas}
          </Anchor>
          {historico && <Inutilizacoes modelo={modelo} />}
        </Stack>
        {gerente && (
          <Button
            variant="default"
            leftSection={<IconFileOff size={16} />}
            onClick={() => setFaixa({ serie: series[0]?.serie ?? 1 })}
          >
            {T.inutilizarNumeracao}
          </Button>
        )}
      </Group>
      <InutilizarNumeracaoDialog modelo={modelo} faixa={faixa} onClose={() => setFaixa(null)} />
    </Paper>
  );
}
