/**
 * The sync task (spec §3 "Sync task"): a write that waits for the network, stored first and sent
 * later in creation order by the queue (replication/sync-queue). This file is the task's shape, its
 * store port, its order and the pure steps of its life: created, answered.
 */
import type { Answer } from './api-client'

export interface SyncTaskPayload {
  method: string
  headers: Record<string, string>
  /** a JSON string, as fetch sends it */
  body?: string
}

export interface SyncTask {
  /** `<epoch-ms>-<random>`, also the processing order */
  task_id: string
  /** may hold {{token}} and {{cartId}} placeholders */
  url: string
  payload: SyncTaskPayload
  /** event name the worker raises with the result, e.g. "user:profile-updated" */
  callback_event?: string
  silent: boolean
  is_result_cacheable: boolean
  transmited: boolean
  transmited_at?: string
  result?: unknown
  resultCode?: number
  /** HTTP status */
  code?: number
  acknowledged?: boolean
  meta?: Record<string, unknown>
  created_at: string
  updated_at: string
  /** failed sends that said nothing about the task (bad content type, wrong format) */
  attempts?: number
  last_error?: string
}

export type NewSyncTask = Pick<SyncTask, 'url' | 'payload'> & Partial<Pick<SyncTask, 'callback_event' | 'silent' | 'is_result_cacheable' | 'meta'>>

/** Persistence of tasks; list() may return them in any order. */
export interface SyncTaskStore {
  list(): Promise<SyncTask[]>
  put(task: SyncTask): Promise<void>
  remove(taskId: string): Promise<void>
}

/** A new, untransmitted task created at `ms` (unique and increasing per queue: it is the order). */
export function createSyncTask(input: NewSyncTask, ms: number, random: string): SyncTask {
  const at = new Date(ms).toISOString()
  return {
    task_id: `${ms}-${random}`,
    url: input.url,
    payload: input.payload,
    callback_event: input.callback_event,
    silent: input.silent ?? false,
    is_result_cacheable: input.is_result_cacheable ?? false,
    meta: input.meta,
    transmited: false,
    created_at: at,
    updated_at: at,
  }
}

/** The task as the server answered it at `at` (kept only when its result is cacheable). */
export function answeredTask(task: SyncTask, answer: Answer, at: string): SyncTask {
  return {
    ...task,
    transmited: true,
    transmited_at: at,
    updated_at: at,
    result: answer.result,
    resultCode: answer.code,
    code: answer.status,
    meta: answer.meta ?? task.meta,
    acknowledged: false,
  }
}

/** The task sends the user's token (URL or headers): it waits for a token renewal under way. */
export function needsToken(task: SyncTask): boolean {
  return task.url.includes('{{token}}') || Object.values(task.payload.headers).some((h) => h.includes('{{token}}'))
}

/** Creation order: the time part of the id, then the id itself. */
export function compareTasks(a: SyncTask, b: SyncTask): number {
  const ma = Number(a.task_id.split('-')[0])
  const mb = Number(b.task_id.split('-')[0])
  if (ma !== mb) return ma - mb
  return a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0
}
