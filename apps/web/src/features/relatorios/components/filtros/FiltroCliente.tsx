import { useState } from 'react';
import { useCadastro } from '../../../../api/cadastros';
import { CadastroSelect, type CadastroEscolhido } from '../../../../components/CadastroSelect';
import { RELATORIO_TEXTOS as T } from '../../textos';
import type { CampoFiltroProps } from './tipos';

/**
 * The customer, searched in the registry. An address that names one by id (a shared link) asks
 * the server for its name.
 */
export function FiltroCliente({ valores, mudar }: CampoFiltroProps) {
  const id = Number(valores.get('cliente_id')) || 0;
  const [escolhido, setEscolhido] = useState<CadastroEscolhido | null>(null);
  const conhecido = escolhido?.id === id ? escolhido : null;
  const cadastro = useCadastro(id && !conhecido ? id : 0);
  const nome = conhecido?.nome ?? (cadastro.data?.id === id ? cadastro.data.nome : undefined);
  const value = id && nome ? { id, nome } : null;
  return (
    <div style={{ width: 230 }}>
      <CadastroSelect
        // The select keeps its own search text: a name that arrives later starts it anew.
        key={value ? `cliente-${value.id}` : 'nenhum'}
        tipo="cliente"
        label={T.cliente}
        placeholder={T.todos}
        nothingFound={T.clienteNaoEncontrado}
        value={value}
        onChange={(cliente) => {
          setEscolhido(cliente);
          mudar({ cliente_id: cliente ? String(cliente.id) : null });
        }}
      />
    </div>
  );
}
