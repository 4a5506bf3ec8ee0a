import { Button } from '@mantine/core';
import { IconCalendar, IconPlus, IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CALENDARIO_PATH, ITENS_PATH, NOVA_LOCACAO_PATH } from '../paths';
import { LOCACAO_TEXTOS as T } from '../textos';

/** The Locações tab's header actions: the items for rent, the calendar, a new rental. */
export function AcoesLocacoes() {
  return (
    <>
      <Button
        component={Link}
        to={ITENS_PATH}
        variant="default"
        leftSection={<IconTools size={16} />}
      >
        {T.itens}
      </Button>
      <Button
        component={Link}
        to={CALENDARIO_PATH}
        variant="default"
        leftSection={<IconCalendar size={16} />}
      >
        {T.calendario}
      </Button>
      <Button component={Link} to={NOVA_LOCACAO_PATH} leftSection={<IconPlus size={16} />}>
        {T.nova}
      </Button>
    </>
  );
}
