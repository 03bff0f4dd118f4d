/**
 * The part of ECharts the console draws with: line and bar charts by day, with their axes,
 * legend and tooltip, on canvas. Importing `echarts` whole brought every chart type, map and
 * renderer (1.1 MB of script to parse on the first dashboard opened); this module is what
 * DayChart loads on first use instead.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerParts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
