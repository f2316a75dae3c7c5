import { Elysia, t } from 'elysia'
import { LicenceModel, LicenceStatusModel, AsOfModel, DomainModel, HistoryEventModel } from '../models/lookup.ts'
import { presentLicence, presentHistoryEvent, type LicenceRow, type HistoryRow } from './present.ts'
declare const row: LicenceRow
declare const h: HistoryRow
new Elysia().get('/a', () => presentLicence(row), { response: { 200: LicenceModel } })
new Elysia().get('/b', () => ({ s: row.status }), { response: { 200: t.Object({ s: LicenceStatusModel }) } })
new Elysia().get('/c', () => presentHistoryEvent(h), { response: { 200: HistoryEventModel } })
