import { Tabs } from '@mantine/core';
import { IconFileInvoice, IconReceipt, IconTool } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useDevolucao } from '../../../api/fiscal';
import { PageHeader } from '../../../components/PageHeader';
import { DevolucoesPainel } from '../components/DevolucoesPainel';
import { EmissorNacional, NfseAba } from '../components/NfseAba';
import { NotasLista } from '../components/NotasLista';
import { StatusSefaz } from '../components/StatusSefaz';
import { filtrosDaUrl, filtrosParaUrl, type AbaNota, type FiltrosNota } from '../filtros';
import { notaPath } from '../paths';
import { NOTA_TEXTOS } from '../textos';

/**
 * /nota-fiscal (spec 2, issues 28 and 30): the SEFAZ status strip (the national issuer's on the
 * NFS-e tab) and the tabs NF-e, NFS-e and NFC-e; the tab, the search and the filters live in the
 * address. Under the NF-e tab's notes, the returns (Devoluções, admins and managers).
 */
export default function NotaFiscalPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // ?devolucao=id (a return's title in Financeiro links here): on to the return's note.
  const devolucaoId = Number(searchParams.get('devolucao')) || null;
  const devolucao = useDevolucao(devolucaoId);
  const filtros = useMemo(() => filtrosDaUrl(searchParams), [searchParams]);
  const mudarFiltros = useCallback(
    (novos: FiltrosNota) => setSearchParams(filtrosParaUrl(novos), { replace: true }),
    [setSearchParams],
  );
  const aba = filtros.aba;

  if (devolucao.data?.nota_id) return <Navigate to={notaPath(devolucao.data.nota_id)} replace />;
  return (
    <>
      <PageHeader
        title={NOTA_TEXTOS.titulo}
        breadcrumbs={[{ label: 'Início', to: '/dashboard' }, { label: NOTA_TEXTOS.titulo }]}
      />
      {/* SEFAZ and its contingency queue are the NF-e's and NFC-e's; the NFS-e has its own issuer. */}
      {aba === 'nfse' ? <EmissorNacional /> : <StatusSefaz />}
      <Tabs
        value={aba}
        onChange={(value) => mudarFiltros({ ...filtros, aba: (value ?? 'nfe') as AbaNota })}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="nfe" leftSection={<IconFileInvoice size={16} />}>
            NF-e
          </Tabs.Tab>
          <Tabs.Tab value="nfse" leftSection={<IconTool size={16} />}>
            NFS-e
          </Tabs.Tab>
          <Tabs.Tab value="nfce" leftSection={<IconReceipt size={16} />}>
            NFC-e
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {aba === 'nfse' ? (
        <NfseAba filtros={filtros} onChange={mudarFiltros} />
      ) : (
        <NotasLista key={aba} filtros={{ ...filtros, aba }} onChange={mudarFiltros} />
      )}
      {/* The returns' notes are NF-e: their list sits under the NF-e tab's notes. */}
      {aba === 'nfe' && <DevolucoesPainel />}
    </>
  );
}
