import {
  AdminUsersQuery,
  AnnouncementRequest,
  AuditQuery,
  ConfirmCheatingRequest,
  RaiseFlagRequest,
  UpdateModesRequest,
  UpdateWagerValueRequest,
} from '@rush/protocol';

/**
 * The console's form limits, read from the protocol's request schemas (the server's own rules):
 * the web types none of them again. The forms check a body with the same schemas before sending.
 */
const max = (schema: { maxLength: number | null }): number => schema.maxLength ?? Infinity;
const mode = UpdateModesRequest.shape.modes.element.shape;
const wagerValue = UpdateWagerValueRequest.shape.value;

export const ADMIN_LIMITS = {
  flagKind: max(RaiseFlagRequest.shape.kind),
  flagEvidence: max(RaiseFlagRequest.shape.evidence),
  modeName: max(mode.name),
  modeValue: max(mode.value),
  modeOrderMin: mode.order.minValue ?? 0,
  modeOrderMax: mode.order.maxValue ?? Infinity,
  wagerValueMin: wagerValue.minValue ?? 1,
  wagerValueMax: wagerValue.maxValue ?? Infinity,
  announcementTitle: max(AnnouncementRequest.shape.title),
  announcementText: max(AnnouncementRequest.shape.text),
  auditAction: max(AuditQuery.shape.action.unwrap()),
  auditAdmin: max(AuditQuery.shape.admin.unwrap()),
  auditTarget: max(AuditQuery.shape.target.unwrap()),
  userSearch: max(AdminUsersQuery.shape.q.unwrap()),
  reason: max(ConfirmCheatingRequest.shape.reason.unwrap()),
} as const;

/** A flag as raised: uid, kind and evidence as the server requires them. */
export const isValidFlag = (body: { uid: string; kind: string; evidence: string }): boolean =>
  RaiseFlagRequest.safeParse(body).success;

/** One mode of the modes table as the server requires it. */
export const isValidMode = (m: unknown): boolean => UpdateModesRequest.shape.modes.element.safeParse(m).success;

/** A wager's value (a whole number) as the server requires it. */
export const isValidWagerValue = (value: number): boolean => wagerValue.safeParse(value).success;
