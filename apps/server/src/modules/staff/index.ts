/*
 * The public surface of modules/staff, the shared org kernel: companies, teams and staff
 * (db/schema/staff.ts). Every module may read those tables for names and team membership; only this
 * module and the seed write them (docs/decisions/041).
 */
export {
  companyTeams,
  createStaffRepository,
  identityColumns,
  insertStaffRows,
  insertTeam,
  staffDirectory,
  updateStaffRow,
  type NewStaff,
  type StaffIdentity,
  type StaffRepository,
} from './staff.repository.ts';
