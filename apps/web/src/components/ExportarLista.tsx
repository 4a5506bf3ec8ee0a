import { ActionIcon, Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconTableImport,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import type { TipoImportacao } from '@prumo/shared/importacao';
import { exportarLista, type FormatoLista } from '../api/exportacao';
import { errorText } from '../lib/error-text';
import { saveBlob } from '../lib/files';
import { useSession } from '../lib/session';
import { notifyError } from './notify';

export const EXPORTAR_LISTA_TEXTOS = {
  exportar: 'Exportar',
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  exportando: 'Exportando...',
  erro: 'Erro ao exportar a lista',
  importar: 'Importar planilha',
};

/**
 * "Exportar" of a list screen: the rows of the filter on screen (every page, no limit) as CSV or
 * XLSX, from GET /api<path>/exportar?formato=&<the list's filters>. `filtro` holds the same
 * query params the list sends, without its page. A list whose records can be imported also
 * offers "Importar planilha" to admins and managers: the import wizard (under Configurações,
 * which is the admin's), opened on that kind.
 */
export function ExportarLista({
  path,
  filtro,
  nome,
  disabled = false,
  compacto,
  importar,
}: {
  /** The list's path under /api, e.g. "/produtos". */
  path: string;
  filtro: object;
  /** The file's name (without extension) when the server names none. */
  nome: string;
  disabled?: boolean;
  /** Only the icon; by default on a phone's width. */
  compacto?: boolean;
  /** The import kind of the list's records, when they can be imported. */
  importar?: TipoImportacao;
}) {
  const { user } = useSession();
  const podeImportar = importar !== undefined && hasRole(user?.role, ADMIN_MANAGER);
  const estreita = useMediaQuery('(max-width: 48em)');
  const soIcone = compacto ?? estreita;
  const [exportando, setExportando] = useState<FormatoLista | null>(null);
  const controle = useRef<AbortController | null>(null);
  // Leaving the screen stops a download nobody will save.
  useEffect(() => () => controle.current?.abort(), []);

  async function exportar(formato: FormatoLista) {
    const controller = new AbortController();
    controle.current = controller;
    setExportando(formato);
    try {
      const { blob, fileName } = await exportarLista(path, filtro, formato, controller.signal);
      saveBlob(blob, fileName ?? `${nome}.${formato}`);
    } catch (error) {
      if (!controller.signal.aborted) {
        console.error(EXPORTAR_LISTA_TEXTOS.erro, error);
        notifyError(errorText(EXPORTAR_LISTA_TEXTOS.erro, error));
      }
    } finally {
      if (controle.current === controller) {
        controle.current = null;
        setExportando(null);
      }
    }
  }

  const rotulo = exportando ? EXPORTAR_LISTA_TEXTOS.exportando : EXPORTAR_LISTA_TEXTOS.exportar;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {soIcone ? (
          <ActionIcon
            variant="default"
            size={36}
            loading={exportando !== null}
            disabled={disabled}
            aria-label={rotulo}
            title={EXPORTAR_LISTA_TEXTOS.exportar}
          >
            <IconDownload size={18} />
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={exportando !== null}
            disabled={disabled}
            aria-label={rotulo}
          >
            {EXPORTAR_LISTA_TEXTOS.exportar}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void exportar('csv')}>
          {EXPORTAR_LISTA_TEXTOS.csv}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => void exportar('xlsx')}
        >
          {EXPORTAR_LISTA_TEXTOS.xlsx}
        </Menu.Item>
        {podeImportar && (
          <>
            <Menu.Divider />
            <Menu.Item
              component={Link}
              to={`/configuracoes/importar?tipo=${importar}`}
              leftSection={<IconTableImport size={16} />}
            >
              {EXPORTAR_LISTA_TEXTOS.importar}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
