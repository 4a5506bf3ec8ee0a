import { Alert, Box, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { RelatorioResumo } from '@prumo/shared/relatorios';
import { useCatalogoRelatorios, useRelatorio } from '../../../api/relatorios';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/error-text';
import { CatalogoLista, CatalogoSelect } from '../components/CatalogoRelatorios';
import { BotoesExportar, ProgressoExportar, useExportacao } from '../components/ExportarRelatorio';
import { FILTROS } from '../components/filtros';
import { TabelaRelatorio } from '../components/TabelaRelatorio';
import { RELATORIO_TEXTOS as T } from '../textos';
import {
  comMudancas,
  filtrosDoRelatorio,
  ordemDaUrl,
  paginaDaUrl,
  paramsDaPagina,
  relatorioDaUrl,
  urlDoRelatorio,
  type Ordem,
} from '../url';

/**
 * /relatorios (issue 32): the catalogue by area beside the chosen report (?r=id), its filters,
 * the table sorted and paged by the server with the totals, and its exports. Everything on
 * screen is in the address, so a link reproduces the view.
 */
export default function RelatoriosPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const catalogo = useCatalogoRelatorios();
  const id = relatorioDaUrl(params);
  const relatorio = catalogo.data?.find((r) => r.id === id) ?? null;
  const hrefDe = (outro: string) => urlDoRelatorio(params, outro);

  let conteudo;
  if (catalogo.isPending) conteudo = <PageLoader />;
  else if (catalogo.error)
    conteudo = <Alert color="red">{errorText(T.erroCatalogo, catalogo.error)}</Alert>;
  else if (catalogo.data.length === 0) conteudo = <Alert color="gray">{T.nenhumRelatorio}</Alert>;
  else if (relatorio) conteudo = <RelatorioView key={relatorio.id} relatorio={relatorio} />;
  else
    conteudo = (
      <Paper withBorder radius="md">
        {id ? (
          <EmptyState title={T.naoEncontrado} hint={T.naoEncontradoDica} />
        ) : (
          <EmptyState title={T.escolha} hint={T.escolhaDica} />
        )}
      </Paper>
    );

  return (
    <Stack gap={0}>
      <PageHeader title={T.titulo} description={T.descricao} />
      <Group align="flex-start" wrap="nowrap" gap="md">
        {catalogo.data && catalogo.data.length > 0 && (
          <Box visibleFrom="md" w={250} style={{ flexShrink: 0 }}>
            <CatalogoLista catalogo={catalogo.data} escolhido={id} hrefDe={hrefDe} />
          </Box>
        )}
        <Stack flex={1} miw={0} gap="md">
          {catalogo.data && catalogo.data.length > 0 && (
            <Box hiddenFrom="md">
              <CatalogoSelect
                catalogo={catalogo.data}
                escolhido={relatorio?.id ?? null}
                onEscolher={(outro) => void navigate(hrefDe(outro))}
              />
            </Box>
          )}
          {conteudo}
        </Stack>
      </Group>
    </Stack>
  );
}

/** The chosen report: title, definition, its filters and exports, then its table. */
function RelatorioView({ relatorio }: { relatorio: RelatorioResumo }) {
  const [params, setParams] = useSearchParams();
  const filtros = useMemo(() => filtrosDoRelatorio(relatorio, params), [relatorio, params]);
  const pagina = paginaDaUrl(params);
  const query = useRelatorio(relatorio.id, paramsDaPagina(filtros, pagina));
  const colunas = query.data?.colunas ?? relatorio.colunas;
  const { exportacao, exportar, cancelar } = useExportacao(relatorio.id, filtros);

  // Filters replace the address's entry (Voltar goes to the previous report, not filter).
  const mudar = (mudancas: Record<string, string | null>, manterPagina = false) =>
    setParams((atual) => comMudancas(atual, mudancas, manterPagina), { replace: true });
  const onOrdem = ({ sort, order }: Ordem) => mudar({ sort, order });
  const onPagina = (p: number) => mudar({ pagina: p > 1 ? String(p) : null }, true);

  const campos = relatorio.filtros.flatMap((nome) => {
    const filtro = FILTROS[nome];
    if (!filtro) return [];
    return [<filtro.Campo key={nome} valores={params} mudar={mudar} />];
  });

  return (
    <>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h3">
          {relatorio.titulo}
        </Title>
        <Text size="sm" c="dimmed" data-testid="relatorio-definicao">
          {relatorio.definicao}
        </Text>
        {campos.length > 0 && (
          <Group gap="sm" align="flex-start" mt="md" data-testid="relatorio-filtros">
            {campos}
          </Group>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" gap="xs">
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="relatorio-contagem">
              {query.data ? T.linhas(query.data.total) : ''}
            </Text>
            {query.isFetching && <Loader size="xs" aria-label={T.carregando} />}
          </Group>
          <BotoesExportar
            exportacao={exportacao}
            exportar={(formato) => void exportar(formato)}
            desabilitado={!query.data?.total}
          />
        </Group>
        {exportacao && (
          <Box mb="sm">
            <ProgressoExportar exportacao={exportacao} cancelar={cancelar} />
          </Box>
        )}
        <TabelaRelatorio
          colunas={colunas}
          query={query}
          ordem={ordemDaUrl(params, colunas)}
          onOrdem={onOrdem}
          pagina={pagina}
          onPagina={onPagina}
        />
      </Paper>
    </>
  );
}
