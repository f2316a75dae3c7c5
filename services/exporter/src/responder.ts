import { type Bus, type Responder, respond } from '@lv/bus'
import { ExportBuildRequest, QUEUE_GROUPS, subjects } from '@lv/contracts'
import type { Logger } from '@lv/logger'
import type { Builder } from './builder.ts'

/** Answers `export.build` in the `exporter` queue group with the file's reply (ExportFileReply). */
export function startExportResponder(bus: Bus, builder: Builder, logger: Logger): Responder {
	return respond(bus, {
		subject: subjects.exportBuild,
		queue: QUEUE_GROUPS.exporter,
		schema: ExportBuildRequest,
		logger,
		handler: (body) => builder.fileFor({ dataset: body.dataset, format: body.format, jurisdiction: body.jurisdiction, status: body.status })
	})
}
