import { useState } from 'react';
import { AgendamentoModal, type AgendamentoModalState } from './AgendamentoModal';
import { AgendamentoView } from './AgendamentoView';

/**
 * The appointment modal and view of a screen (the Serviços tab, /agenda): open one to create
 * (optionally on a day), edit or see an appointment; the view's Editar goes to the modal.
 */
export function useAgendamentoDialogs() {
  const [modal, setModal] = useState<AgendamentoModalState | null>(null);
  const [vendo, setVendo] = useState<number | null>(null);
  return {
    novo: (dia?: string) => setModal({ mode: 'create', dia }),
    editar: (id: number) => setModal({ mode: 'edit', id }),
    ver: (id: number) => setVendo(id),
    dialogs: (
      <>
        <AgendamentoModal state={modal} onClose={() => setModal(null)} />
        <AgendamentoView
          vendaId={vendo}
          onClose={() => setVendo(null)}
          onEditar={(venda) => {
            setVendo(null);
            setModal({ mode: 'edit', id: venda.id });
          }}
        />
      </>
    ),
  };
}
