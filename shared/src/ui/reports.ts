/**
 * `@backlay/shared/reports`: the report screens' table, date-range filters and pager, off the
 * @backlay/shared singleton (ADR 0025): the player's first page draws none of them, so they load
 * with the screens that do. They take the singleton's loader, bus and kit by the package's name.
 */
export { ReportTable, type ReportColumn, type ReportSummary, type ReportRowProps, type ReportTableProps } from './report-table';
export { RangeFilters, RangeLoadStatus, useRangeReport, type RangeReport } from './range-report';
export { Pager, pageCount } from './pager';
