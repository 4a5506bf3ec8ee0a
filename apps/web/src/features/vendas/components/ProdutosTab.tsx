import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { VENDA_MESSAGES } from '@prumo/shared/vendas';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { VendaProdutoModal, type VendaProdutoModalState } from './VendaProdutoModal';
import { VendasLista } from './VendasLista';
import { VendaView } from './VendaView';

/** "Vendas de Produtos" (spec 2.13): the list, the sale modal and the sale view. */
export function ProdutosTab() {
  const [modal, setModal] = useState<VendaProdutoModalState | null>(null);
  const [vendo, setVendo] = useState<number | null>(null);
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
      <VendaProdutoModal state={modal} onClose={() => setModal(null)} />
      <VendaView
        vendaId={vendo}
        onClose={() => setVendo(null)}
        onEditar={(venda) => {
          setVendo(null);
          setModal({ mode: 'edit', id: venda.id });
        }}
      />
    </>
  );
}
