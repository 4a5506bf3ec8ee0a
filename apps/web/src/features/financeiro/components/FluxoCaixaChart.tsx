import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import type { FluxoCaixa } from '@prumo/shared/financeiro';
import { formatMoney, sumMoney } from '@prumo/shared/money';
import { rotuloPeriodo } from './periodo';

/** Entradas and Saídas as bars, the realised and projected balances as lines (its own chunk). */
export default function FluxoCaixaChart({ fluxo }: { fluxo: FluxoCaixa }) {
  const data = fluxo.periodos.map((p) => ({
    periodo: rotuloPeriodo(p.periodo, true),
    Entradas: sumMoney(p.entradas_realizadas, p.entradas_previstas),
    Saídas: sumMoney(p.saidas_realizadas, p.saidas_previstas),
    'Saldo realizado': p.saldo_realizado,
    'Saldo projetado': p.saldo_projetado,
  }));
  return (
    <CompositeChart
      h={300}
      data={data}
      dataKey="periodo"
      withLegend
      maxBarWidth={28}
      valueFormatter={(value) => formatMoney(value)}
      yAxisProps={{ width: 96 }}
      series={[
        { name: 'Entradas', color: 'teal.5', type: 'bar' },
        { name: 'Saídas', color: 'red.5', type: 'bar' },
        { name: 'Saldo realizado', color: 'indigo.6', type: 'line' },
        { name: 'Saldo projetado', color: 'orange.6', type: 'line', strokeDasharray: '5 5' },
      ]}
      curveType="monotone"
    />
  );
}
