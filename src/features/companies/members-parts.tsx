import { SelectField, type SelectFieldProps } from '@/components/form-field';
import {
  APPROVE_RIGHT_LABEL,
  MEMBER_ROLES,
  ROLE_DESCRIPTIONS,
  type CompanyView,
  type MemberRole,
} from '@/domain/company-members';
import { COMPANY_ROLE_LABELS } from '@/domain/companies';

// What the members manager's rows and forms share: how a change runs, the company's name, the role fields.

export const companyNameOf = (view: CompanyView) => view.name || 'the company';

/** Runs one change and says what happened (see MembersManager); resolves to whether it worked. */
export type Run = (change: () => Promise<unknown>, success: string) => Promise<boolean>;

/** A member role to choose, each by its label. */
export function RoleSelect({
  value,
  onRole,
  ...field
}: Omit<SelectFieldProps, 'value' | 'onChange' | 'children'> & {
  value: MemberRole;
  onRole: (role: MemberRole) => void;
}) {
  return (
    <SelectField value={value} onChange={(event) => onRole(event.target.value as MemberRole)} {...field}>
      {MEMBER_ROLES.map((option) => (
        <option key={option} value={option}>
          {COMPANY_ROLE_LABELS[option]}
        </option>
      ))}
    </SelectField>
  );
}

/** A role and, for a technical member, the approve right. */
export function RoleFields({
  idPrefix,
  role,
  canApprove,
  onRole,
  onApprove,
  error,
}: {
  idPrefix: string;
  role: MemberRole;
  canApprove: boolean;
  onRole: (role: MemberRole) => void;
  onApprove: (canApprove: boolean) => void;
  error?: string;
}) {
  return (
    <>
      <RoleSelect
        id={`${idPrefix}-role`}
        label="Role"
        value={role}
        error={error}
        hint={ROLE_DESCRIPTIONS[role]}
        onRole={onRole}
      />
      {role === 'technical' && (
        <label className="flex items-start gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-darker"
            checked={canApprove}
            onChange={(event) => onApprove(event.target.checked)}
          />
          <span>{APPROVE_RIGHT_LABEL}</span>
        </label>
      )}
    </>
  );
}
