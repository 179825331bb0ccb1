import type { Sql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { conflict, notFound } from '../../errors.ts'
import type { Service } from '../../schemas/service.ts'
import { SERVICE_ERRORS } from './errors.ts'
import type { ServiceInput } from './rules.ts'

/**
 * A service (docs/product.md#service-map), as `GET /api/services` answers it (its schema's type): what was stored,
 * without the import id.
 */
export type ServiceJson = Service

export async function listServices(sql: Queryable): Promise<ServiceJson[]> {
  return selectServices(sql, false)
}

/** What an admin edits: every service with its import id, which the public list leaves out. */
export async function listServicesForAdmin(sql: Queryable): Promise<AdminServiceJson[]> {
  return selectServices(sql, true)
}

export type AdminServiceJson = ServiceJson & { external_id: string | null }

async function selectServices(sql: Queryable, withImportId: false): Promise<ServiceJson[]>
async function selectServices(sql: Queryable, withImportId: true): Promise<AdminServiceJson[]>
async function selectServices(sql: Queryable, withImportId: boolean): Promise<ServiceJson[]> {
  return sql<ServiceJson[]>`
    select
      s.service_id, s.category, s.latitude, s.longitude, s.logo_url, s.address, s.phone, s.certified, s.opening_hours,
      ${withImportId ? sql`s.external_id,` : sql``}
      coalesce(
        json_agg(
          json_build_object('language', l.language, 'name', l.name, 'description', l.description, 'url', l.url)
          order by l.language
        ) filter (where l.language is not null),
        '[]'
      ) as localizations
    from services s
    left join service_localizations l using (service_id)
    group by s.service_id
    order by s.service_id
  `
}

export type SaveOutcome = 'inserted' | 'updated'

/** A unique violation on external_id: another service is matched by it. */
function refuseTakenExternalId(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw conflict(SERVICE_ERRORS.externalIdTaken)
  throw error
}

/**
 * Writes one service: by id (an admin's edit); as a new row ('new', an admin's addition: an external id another
 * service has is a conflict, never an overwrite of that service); or upserted by its external id ('upsert', so
 * re-imports update). Its texts are replaced as a whole.
 */
export async function saveService(
  tx: Queryable,
  service: ServiceInput,
  target: number | 'new' | 'upsert' = 'upsert',
): Promise<{ serviceId: number; outcome: SaveOutcome }> {
  const columns = {
    external_id: service.external_id,
    category: service.category,
    latitude: service.latitude,
    longitude: service.longitude,
    logo_url: service.logo_url,
    address: service.address,
    phone: service.phone,
    certified: service.certified,
    opening_hours: service.opening_hours,
  }
  const [row] =
    typeof target === 'number'
      ? await tx<{ service_id: number; inserted: boolean }[]>`
        update services set ${tx(columns)}, updated_at = now() where service_id = ${target}
        returning service_id, false as inserted`.catch(refuseTakenExternalId)
      : target === 'new'
        ? await tx<{ service_id: number; inserted: boolean }[]>`
        insert into services ${tx(columns)} returning service_id, true as inserted`.catch(refuseTakenExternalId)
        : await tx<{ service_id: number; inserted: boolean }[]>`
        insert into services ${tx(columns)}
        on conflict (external_id) do update set
          category = excluded.category, latitude = excluded.latitude, longitude = excluded.longitude,
          logo_url = excluded.logo_url, address = excluded.address, phone = excluded.phone,
          certified = excluded.certified, opening_hours = excluded.opening_hours,
          updated_at = now()
        returning service_id, (xmax = 0) as inserted`
  if (!row) throw notFound(SERVICE_ERRORS.notFound)
  await tx`delete from service_localizations where service_id = ${row.service_id}`
  if (service.localizations.length > 0) {
    const texts = service.localizations.map((l) => ({ service_id: row.service_id, ...l }))
    await tx`insert into service_localizations ${tx(texts)}`
  }
  return { serviceId: row.service_id, outcome: row.inserted ? 'inserted' : 'updated' }
}

/** An admin's addition or edit: saveService in its own transaction (the service row and its texts together). */
export async function storeService(
  sql: Sql,
  service: ServiceInput,
  target: number | 'new',
): Promise<{ serviceId: number; outcome: SaveOutcome }> {
  return sql.begin((tx) => saveService(tx, service, target))
}

export async function deleteService(sql: Queryable, serviceId: number): Promise<void> {
  const deleted = await sql`delete from services where service_id = ${serviceId} returning service_id`
  if (deleted.length === 0) throw notFound(SERVICE_ERRORS.notFound)
}

export interface ImportSummary {
  inserted: number
  updated: number
}

/** All or nothing: one transaction, so a failure leaves the previous data exactly as it was. */
export async function importServices(
  sql: Sql,
  services: ServiceInput[],
  onProgress?: (done: number) => void,
): Promise<ImportSummary> {
  return sql.begin(async (tx) => {
    const summary: ImportSummary = { inserted: 0, updated: 0 }
    for (const [index, service] of services.entries()) {
      summary[(await saveService(tx, service)).outcome] += 1
      onProgress?.(index + 1)
    }
    return summary
  })
}

export async function servicesEmpty(sql: Queryable): Promise<boolean> {
  const [row] = await sql<{ empty: boolean }[]>`select not exists (select 1 from services) as empty`
  return row!.empty
}
