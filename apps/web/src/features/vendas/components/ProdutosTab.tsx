import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { VENDA_MESSAGES } from '@prumo/shared/vendas';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import type { VendaProdutoModalState } from './VendaProdutoModal';
import { VendasLista } from './VendasLista';

// The sale form and the sale view load when first opened: the list comes first.
const VendaProdutoModal = lazy(() =>
  import('./VendaProdutoModal').then((module) => ({ default: module.VendaProdutoModal })),
);
const VendaView = lazy(() =>
  import('./VendaView').then((module) => ({ default: module.VendaView })),
);

/**
 * "Vendas de Produtos" (spec 2.13): the list, the sale modal and the sale view. The sale on view
 * is in the address (?venda=), so a quote or a bookmark can link straight to it.
 */
export function ProdutosTab() {
  const [modal, setModal] = useState<VendaProdutoModalState | null>(null);
  const [params, setParams] = useSearchParams();
  const vendo = Number(params.get('venda')) || null;
  const setVendo = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('venda');
    else next.set('venda', String(id));
    setParams(next, { replace: true });
  };
  const nova = () => setModal({ mode: 'create' });
  return (
    <>
      <PageHeader
        title={VENDA_MESSAGES.tituloProdutos}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={nova}>
            {VENDA_MESSAGES.novaVenda}
          </Button>
        }
      />
      <VendasLista
        tipo="produto"
        onVer={(venda) => setVendo(venda.id)}
        onEditar={(venda) => setModal({ mode: 'edit', id: venda.id })}
        emptyState={
          <EmptyState
            title={VENDA_MESSAGES.vazioTitulo}
            hint={VENDA_MESSAGES.vazioTexto}
            action={
              <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={nova}>
                {VENDA_MESSAGES.novaVenda}
              </Button>
            }
          />
        }
      />
      <Suspense fallback={null}>
        {modal && <VendaProdutoModal state={modal} onClose={() => setModal(null)} />}
        {vendo !== null && (
          <VendaView
            vendaId={vendo}
            onClose={() => setVendo(null)}
            onEditar={(venda) => {
              setVendo(null);
              setModal({ mode: 'edit', id: venda.id });
            }}
          />
        )}
      </Suspense>
    </>
  );
}
