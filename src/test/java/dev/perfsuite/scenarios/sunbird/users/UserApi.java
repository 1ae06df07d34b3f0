package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import java.util.List;

/**
 * The user-management journeys of seed 001 (docs/reference/seed-systems.md §A.4, §A.5), each
 * with the seed row its full-scale users come from and the rows its labels are judged against
 * ({@link UserSlas}).
 */
enum UserApi {
  SIGNUP(SeedRun.SIGNUP, List.of(new Labelled(UserJourneys.SIGNUP, SeedRun.SIGNUP))),
  SYSTEM_SETTINGS(SeedRun.SYSTEM_SETTINGS,
      List.of(new Labelled(UserJourneys.SYSTEM_SETTINGS, SeedRun.SYSTEM_SETTINGS))),
  USER_BY_EMAIL(SeedRun.USER_BY_EMAIL,
      List.of(new Labelled(UserJourneys.USER_BY_EMAIL, SeedRun.USER_BY_EMAIL))),
  ROLE_READ(SeedRun.ROLE_READ, List.of(new Labelled(UserJourneys.ROLE_READ, SeedRun.ROLE_READ))),
  GENERATE_TOKEN(SeedRun.GENERATE_TOKEN,
      List.of(new Labelled(UserJourneys.GENERATE_TOKEN, SeedRun.GENERATE_TOKEN))),
  PROFILE_READ(SeedRun.PROFILE_READ,
      List.of(new Labelled(UserJourneys.PROFILE_READ, SeedRun.PROFILE_READ))),
  ORG_SEARCH(SeedRun.ORG_SEARCH,
      List.of(new Labelled(UserJourneys.ORG_SEARCH, SeedRun.ORG_SEARCH))),
  OTP_GENERATE_VERIFY(SeedRun.OTP_GENERATE, List.of(
      new Labelled(UserJourneys.OTP_GENERATE, SeedRun.OTP_GENERATE),
      new Labelled(UserJourneys.OTP_VERIFY, SeedRun.OTP_VERIFY))),
  USER_EXISTS(SeedRun.USER_EXISTS,
      List.of(new Labelled(UserJourneys.USER_EXISTS, SeedRun.USER_EXISTS))),
  /** The 4-call login; its seed row counts each call, so the four are judged together. */
  LOGIN(SeedRun.LOGIN, List.of(new Labelled(UserJourneys.LOGIN, SeedRun.LOGIN)));

  /** The seed row whose threads the journey runs at full scale. */
  final SeedRun seed;
  /** Each label of the loop and the seed row it is judged against. */
  final List<Labelled> labels;

  UserApi(SeedRun seed, List<Labelled> labels) {
    this.seed = seed;
    this.labels = labels;
  }

  /** A label and the seed row it is judged against. */
  record Labelled(String label, SeedRun seed) {
  }

  /** The journey's plan; signup with the run's generated password. */
  LoadPlan plan(UserTargets targets, LoadProfile profile) {
    return switch (this) {
      case SIGNUP -> UserJourneys.signup(targets, profile, UserData.signupPassword());
      case SYSTEM_SETTINGS -> UserJourneys.systemSettingsRead(targets, profile);
      case USER_BY_EMAIL -> UserJourneys.userByEmail(targets, profile);
      case ROLE_READ -> UserJourneys.roleRead(targets, profile);
      case GENERATE_TOKEN -> UserJourneys.generateToken(targets, profile);
      case PROFILE_READ -> UserJourneys.profileRead(targets, profile);
      case ORG_SEARCH -> UserJourneys.orgSearch(targets, profile);
      case OTP_GENERATE_VERIFY -> UserJourneys.otpGenerateVerify(targets, profile);
      case USER_EXISTS -> UserJourneys.userExists(targets, profile);
      case LOGIN -> UserJourneys.loginWorkflow(targets, profile);
    };
  }
}
