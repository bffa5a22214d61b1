import { createPublicKey } from "node:crypto";

/**
 * DEVELOPMENT-ONLY SANDBOX KEYS, like the development secret in config.ts: two RSA-2048 key pairs
 * generated for this repository with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`,
 * published here on purpose and worthless outside this installation's SNAP BI sandbox. A real bank
 * gets SNAP_PRIVATE_KEY (ours) and gives SNAP_GATEWAY_PUBLIC_KEY (its own); config.ts requires both
 * whenever SNAP_BASE_URL names a real bank, and refuses these in production (`isPublishedKey`).
 */

/** The merchant's (our) private key: signs the B2B access-token request. */
export const developmentPartnerPrivateKey = `-----BEGIN PRIVATE KEY-----
MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCy7HOBTfheWumY
8RvhcYsrtrhCGX+M+XSR+K/wsuDwaVRo8sT5chUOIZRPZlr0ksPg2iwdKyTezAZN
Ibh/zQ/wxQlXR0VNjbH57eqhMUfCOUeGggUSushdKpSeLdKLuTbUNbWP4EcxQ4cz
le/D0I67l9ng9OYUrJLOvFlyo9HYlW3khv/iT4lyuoQy1V7g7XA48XGYWTYM+Twc
8Lmx5YeCvDw59Ga8OTOBpHAN+zibDbE0iWV/xWcsFLxRVuCChJUtsi0C9S5ZXPBS
UhZv/j0i1dtkCe6/kVvbYLPwlE1ftAsMrpDcS4H/Sz06PcfwsiU+zQLEKNylXnF1
D5zQ81e7AgMBAAECggEANg4QgU6kjCEMNMwW/7+1a4H63eFlMxqEOLt4sA/ivE8e
FMzPbIsmSEwlye0i6oPSkMJpFHDd5T+fYbsfyeCSgcuNXGRoUBtQWzEhMwy34Lo8
XSs3zCZI9TixiK5QTy0oHumRDkQUThJYLOIN+0stbAhe50MlpbZTbgjiPyu18KgG
dMDYFmWwn2aczrTnhh6I2j7xjbpBpZ8i2BWTjPtVIm8WvO0wipW6FtHqqZGJf5XD
1lK2a5sUoDkkDh+7VJ+Fz88fJVwkWE9hkbW/Gd0FFZamHfkbKppo1fflC2Vx4G85
l8TCQcLEfAIJWePsAQhxgEBDFTyc1dPFt6vC4gVrJQKBgQDtcM2KiRnmwlQVjaVl
kekYRshs5widuGl7IQwIQLAIkTiZBWAMOOpKXeCzNcD3KuaDKdwcD/9bqo9+YRXe
d6F2MtEmiNOM3U2zNuZOlO69ueUwb2WlJkJ4iQumsu4l0uADwIiEq0elpEUEU8ez
0tpNj5XPYEllgU8Ao9oo4HcF3wKBgQDA6Lh/SCHin/aqd2uW4AqRy7+8Kw5dXCJ3
eEIGGshNwXVZGwTB8+pQ5jgzkjETIQvVr56R3uWv6+iM/kQUUF9z/OqRZKUkS0/b
JQlc5N24JnCnyvKCiB+rd5yfm1f6ffA/PnbsDFVcBOFk4ZvucLQKOvL3gbFK9GTV
cv2uJr9RpQKBgGaylZRH/HX8s1WnMFSgKYuggevoeaeOLcFd59Bh+kGaXjqBQqvG
qj+EHz4kD9RYL9+naVaR7Mb/HJVy9HyGjcWL8T6Ti7yvs33CTxbKAAD7uI+cfwBR
bgqoa+usFKkzbkTxL5sCYjjYtilK+2Nh3Z4Sbp+Fa/mFVmBWfnOTsqdNAoGAbLEz
cxPzc7tpwjazOjlV+zvv9lfUKipFiUcK/GGOxrDgK6qbjaSfO6HbvML8P6j5ABeJ
ousSQ4MKbpa9SSzX+4RfrjglDEQa5IEDu4GAo8eU5hXlekK0hWpJp2xhr9PRz/Ck
FPAGEGj3jl3H/BsodjMsvuQmPvNg9Rtrb/qJBbkCgYAakw2H431NvIrtryLs78lC
ifjYCDATLsJ6r65MijebZzwaueuhyskuS2Tekk1gGR5tFvoV8+Udg7ejOn+36d7j
lovnkf0whp2c8tg6WFUZKaLrwJsb9HFXtZgr4at4Z83nRfKAHAC1i+I7pPrwtaz/
tKgYGBdHuS4/abVUsPRXnQ==
-----END PRIVATE KEY-----
`;

/** Its public key, which the sandbox bank verifies that request with. */
export const developmentPartnerPublicKey = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsuxzgU34XlrpmPEb4XGL
K7a4Qhl/jPl0kfiv8LLg8GlUaPLE+XIVDiGUT2Za9JLD4NosHSsk3swGTSG4f80P
8MUJV0dFTY2x+e3qoTFHwjlHhoIFErrIXSqUni3Si7k21DW1j+BHMUOHM5Xvw9CO
u5fZ4PTmFKySzrxZcqPR2JVt5Ib/4k+JcrqEMtVe4O1wOPFxmFk2DPk8HPC5seWH
grw8OfRmvDkzgaRwDfs4mw2xNIllf8VnLBS8UVbggoSVLbItAvUuWVzwUlIWb/49
ItXbZAnuv5Fb22Cz8JRNX7QLDK6Q3EuB/0s9Oj3H8LIlPs0CxCjcpV5xdQ+c0PNX
uwIDAQAB
-----END PUBLIC KEY-----
`;

/** The sandbox bank's private key: signs its notifications. */
export const developmentGatewayPrivateKey = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCczNH3eoTdJeR1
HsGHPe6/hPsjIIMt3PVchKKLgu3fPepobtMMkNZSyChalB4RPcYk2Ccb3y29cGlM
13vyOoyh8iOa+WjVqQOkZ1TMxtDSPvhdvaoQ4ALbJREwMyHHnnLTsDuFSUJTikv8
/Gc50R//gmq6qUkdJawVsDeBjAgheW3ZkHIG0GtvyFlvR5A4OfSCZf3ggMoNrr74
jFNlcjBAuZXJC6IwhqKIUWtArpNQJkyL+ax1ZH0iTYzLlugakQhn5mF7YSsODWOO
ifffY638oZY1UN0CXxW5Hy0YY784cvoD7mi9eVRZQYZ1pfWIZdAk3pnRpp7r0b2q
1Hbdq7DRAgMBAAECggEADyR0jnrFg/nZ0zmyJNZlTReRjTXhlTdGdrXUYLa3NBzt
m0JAnXELUZlE1GKDeNTHYt2BAV8PMsE9Wg9hR+ZBmI4ixB+b8S5OTL0x4ki89+De
6Wacmt6XSASPYWE+vOFfY3Qce2W0ww6TAg56BYpdlbZJilc42Vi/AqUu5xLX4iuK
LGFiB5XVsF05uC6wEDhtZLg0LHKw5dgscfHolEIPp0GXoXlufu2Bhifw54j8mPxv
OmUZHoofLl9Za4VAHB+3bwACx9OcDoz4Fb+WG+9WXKKdZtgOJP28j2BH8rauoHsb
CPM7SPezQLtc9AR4JYVOuLADeB7N//+e/oI7uwgdhQKBgQDM0OvpLImME+4M6+pL
FYoJ7ow7bxKy2y8kPCLDclYq+oExSXu4kLRXQXZO+G+UsWNjAYpKC0RRBP8wAqEB
TH7iys5A340nMtR1PSKkZ4clgFD1Ek88oLwdGz5ga1GTR2pHDw+Rbk0N/24zbv95
pajNncb8THnEyRnwnyNgHhYMHwKBgQDD/BTDYhvx/2PxSOZCjO0XJWbEpDLcFHuM
QCO6AnQ+LD4E/wN5zzowRUzPNUevi0OH0tM7Rlv3gtn1mwYtSr2q3Pw6BF9TQC5t
0uSusw9yMxAxcHJ6mbQPBU/bzdly4cuuducAjxUhFIML3HxUaHvgrB0Rzg1/3K0V
FGEH+U+lDwKBgFaSNDUB2z23KtaRXR3Rg+BA0UtJ3ph05s8lD/iWum8+JR9lFQNl
PqTnCY/FmLw74mt1ujMj4gNw3kA3zEAVSkioOlfXZf1ckcrgRWVCUTB7tTxxOcbB
leGjo1Dz664Z8IUKi6UH/0/cWIMq9pc/e0M13mbEGHAiJHG9giFddio3AoGAA5m5
9+zxfnympWQldsuH/4jcXnh1xr1Jl8YF4gDxicLeUNEuiypXc1OSmavs6TixwOkK
oGgmgGGTB4QVlPdujJkKuTYjWjAvqizZrqvzeLGfdokOUVpJiI0cbnlVqVqkl0vv
6n62cKkjzy/5yMMyo2oGDrGuZc70DxMUxUS7RdkCgYEAu2a6ZO0ELi5xRUhvYaKg
d1HYMW5b6d50Ello9ynC47GcJjj7nr/mzep70pQzSFtZsmcMzcDDHy2tmS8NamRs
4ooK1zcrUMiHKJ0Bwn4voSI4kT2IDZi/TqEJYbGJQfG/xMfku4oDn47ihCQQhaaG
bfFSO8tJVftoi9PgBdA6xn8=
-----END PRIVATE KEY-----
`;

/** Its public key, which the API verifies those notifications with. */
export const developmentGatewayPublicKey = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAnMzR93qE3SXkdR7Bhz3u
v4T7IyCDLdz1XISii4Lt3z3qaG7TDJDWUsgoWpQeET3GJNgnG98tvXBpTNd78jqM
ofIjmvlo1akDpGdUzMbQ0j74Xb2qEOAC2yURMDMhx55y07A7hUlCU4pL/PxnOdEf
/4JquqlJHSWsFbA3gYwIIXlt2ZByBtBrb8hZb0eQODn0gmX94IDKDa6++IxTZXIw
QLmVyQuiMIaiiFFrQK6TUCZMi/msdWR9Ik2My5boGpEIZ+Zhe2ErDg1jjon332Ot
/KGWNVDdAl8VuR8tGGO/OHL6A+5ovXlUWUGGdaX1iGXQJN6Z0aae69G9qtR23auw
0QIDAQAB
-----END PUBLIC KEY-----
`;

/** The published pairs' public keys (SPKI, DER), derived on first use: production's start alone asks. */
let publishedPublicKeys: Buffer[] | undefined;

/**
 * Whether a PEM key, public or private, belongs to one of the published pairs. Keys are compared by
 * the public key they are or derive, never as text: line endings, PKCS#1 or PKCS#8, a private key
 * given for a public one all name the same key. A text Node cannot read as a key is none of them
 * (nor could it sign or verify anything).
 */
export function isPublishedKey(pem: string): boolean {
  publishedPublicKeys ??= [developmentPartnerPublicKey, developmentGatewayPublicKey].map(publicKeyDer);
  let key: Buffer;
  try {
    key = publicKeyDer(pem);
  } catch {
    return false;
  }
  return publishedPublicKeys.some((published) => published.equals(key));
}

function publicKeyDer(pem: string): Buffer {
  return createPublicKey(pem).export({ type: "spki", format: "der" });
}
