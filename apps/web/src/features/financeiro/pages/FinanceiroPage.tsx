import { Tabs } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FINANCEIRO_MESSAGES, type Natureza, type TituloDetalhe } from '@prumo/shared/financeiro';
import { PageHeader } from '../../../components/PageHeader';
import { BoletosTab } from '../components/BoletosTab';
import { ConfiguracoesTab } from '../components/ConfiguracoesTab';
import { ContasTab } from '../components/ContasTab';
import { DreTab } from '../components/DreTab';
import { FluxoCaixaTab } from '../components/FluxoCaixaTab';
import { TituloDetalheModal } from '../components/TituloDetalheModal';
import { TituloFormModal, type TituloEmEdicao } from '../components/TituloFormModal';
import { TitulosTab } from '../components/TitulosTab';
import { abaDaUrl, type AbaFinanceiro } from '../filtros';
import { novoTituloValues, tituloParaValues } from '../titulo-form';

const ABAS: { value: Exclude<AbaFinanceiro, 'configuracoes'>; label: string }[] = [
  { value: 'pagar', label: FINANCEIRO_MESSAGES.abas.pagar },
  { value: 'receber', label: FINANCEIRO_MESSAGES.abas.receber },
  { value: 'dre', label: FINANCEIRO_MESSAGES.abas.dre },
  { value: 'fluxo', label: FINANCEIRO_MESSAGES.abas.fluxo },
  { value: 'boletos', label: FINANCEIRO_MESSAGES.abas.boletos },
  { value: 'contas', label: FINANCEIRO_MESSAGES.abas.contas },
];

/**
 * /financeiro (spec 2.14 and issue 15): Contas a Pagar, Contas a Receber, DRE Gerencial, Fluxo de
 * Caixa, Boletos Bancários, Contas Bancárias and the settings, the tab in the address (?aba=)
 * and an open title too (?titulo=id), so a link can land on it.
 */
export default function FinanceiroPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const aba = abaDaUrl(searchParams);
  const tituloId = Number(searchParams.get('titulo')) || null;
  const [edicao, setEdicao] = useState<TituloEmEdicao | null>(null);

  const abrirTitulo = (id: number | null) =>
    setSearchParams(
      (atual) => {
        const next = new URLSearchParams(atual);
        if (id === null) next.delete('titulo');
        else next.set('titulo', String(id));
        return next;
      },
      { replace: id === null },
    );
  const novo = (natureza: Natureza) =>
    setEdicao({ natureza, values: novoTituloValues(natureza), travado: false });
  const editar = (titulo: TituloDetalhe) => {
    abrirTitulo(null);
    setEdicao({
      natureza: titulo.natureza,
      id: titulo.id,
      values: tituloParaValues(titulo),
      travado: titulo.parcelas.some((p) => p.valor_pago > 0),
    });
  };

  return (
    <>
      <PageHeader
        title={FINANCEIRO_MESSAGES.titulo}
        breadcrumbs={[{ label: 'Início', to: '/dashboard' }, { label: FINANCEIRO_MESSAGES.titulo }]}
      />
      <Tabs
        value={aba}
        onChange={(value) => setSearchParams(new URLSearchParams({ aba: value ?? 'pagar' }))}
        keepMounted={false}
      >
        {/* One row, scrolled sideways on a phone; the settings as an icon at the end. */}
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {ABAS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value} style={{ flexShrink: 0 }}>
              {label}
            </Tabs.Tab>
          ))}
          <Tabs.Tab
            value="configuracoes"
            ml="auto"
            aria-label="Configurações"
            title="Configurações"
            leftSection={<IconSettings size={18} />}
          />
        </Tabs.List>
        <Tabs.Panel value="pagar">
          <TitulosTab natureza="pagar" onNovo={() => novo('pagar')} onAbrir={abrirTitulo} />
        </Tabs.Panel>
        <Tabs.Panel value="receber">
          <TitulosTab natureza="receber" onNovo={() => novo('receber')} onAbrir={abrirTitulo} />
        </Tabs.Panel>
        <Tabs.Panel value="dre">
          <DreTab />
        </Tabs.Panel>
        <Tabs.Panel value="fluxo">
          <FluxoCaixaTab />
        </Tabs.Panel>
        <Tabs.Panel value="boletos">
          <BoletosTab onAbrir={abrirTitulo} />
        </Tabs.Panel>
        <Tabs.Panel value="contas">
          <ContasTab />
        </Tabs.Panel>
        <Tabs.Panel value="configuracoes">
          <ConfiguracoesTab />
        </Tabs.Panel>
      </Tabs>
      <TituloDetalheModal id={tituloId} onClose={() => abrirTitulo(null)} onEditar={editar} />
      <TituloFormModal edicao={edicao} onClose={() => setEdicao(null)} />
    </>
  );
}
