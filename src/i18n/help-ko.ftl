# The help of the most used commands, in Korean. English help is clap's, written next to each
# option in the code; an id here names a command by its path (`help-forms-list`, its long
# description `help-forms-list-long`) or an option by the command and its id
# (`help-forms-list--title`), and `global--ID` a global option. A test checks that each id
# names a real command or option.

help = 채용 서비스 API를 셸에서 다룹니다: 공고(지원서), 지원자, 메모, 제출된 양식, 웹훅

## 공고(지원서)
help-forms = 지원서(채용 공고): 목록, 보기, 지원
help-forms-list = 지원서(채용 공고) 목록
help-forms-list--title = 제목(또는 직군)이 맞는 지원서만
help-forms-list--page_token = 이 페이지부터: 토큰, 또는 이전 응답의 next_page_token 주소
help-forms-list--per = 페이지 크기(1-100)
help-forms-get = 지원서 하나와 그 질문 보기
help-forms-get--code = 지원서 코드
help-forms-apply = 지원서에 지원하기: 터미널에서는 질문을 하나씩 묻는 마법사, 아니면 답변 파일
help-forms-apply-long = 지원서에 지원합니다. 터미널에서 --answers 없이 실행하면 마법사가 질문을 순서대로 묻고(틀린 답은 그 자리에서 이유와 함께 다시 묻습니다), 검토 화면을 보여 준 뒤 제출, 답변 고치기, 취소 중에서 고르게 합니다. 답변을 고칠 때는 지금 답에서 시작합니다(Enter는 그대로 둡니다). 경력, 학력 같은 항목 목록은 유지, 하나 고치기, 하나 지우기, 추가할 수 있습니다. --save FILE은 답변을 --answers에 쓸 수 있는 파일로 남기고(Ctrl-C로 멈춰도 지금까지의 답변), --resume FILE은 그 파일에서 이어서 답하지 않은 질문만 묻습니다. 보내고 저장하는 내용은 언어와 상관없이 같습니다.
help-forms-apply--code = 지원서 코드
help-forms-apply--answers = 답변 파일(JSON, A 또는 B 형식의 요청 본문), 표준 입력은 -
help-forms-apply--variant = 요청 형식 [기본값: a, 또는 프로필의 `variant`]
help-forms-apply--dry_run = 보낼 요청을 그대로 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음
help-forms-apply--yes = 확인을 묻지 않음
help-forms-apply--save = 마법사: 답변을 FILE에도 저장(--answers로 쓸 수 있는 파일, Ctrl-C에도)
help-forms-apply--resume = 마법사: --save FILE로 남긴 답변에서 이어서 하기(답하지 않은 질문만 물음)

## 지원자
help-candidates = 지원자: 목록(전형 단계별)과 한 명 보기
help-candidates-list = 지원자 목록, 전형 단계 하나로 좁힐 수 있음(기본은 20명씩 한 페이지)
help-candidates-list-long = 지원자 목록을 보여 줍니다. 전형 단계 하나(applied, review, interview, offer, pass, fail)로 좁힐 수 있고, 기본은 20명씩 한 페이지입니다. 표에는 지원자마다 코드, 이름, 전형 단계(조직이 붙인 이름, 예: 1차 면접), 공고, 지원한 때(현지 시각), 평가를 마친 평가자 수가 나옵니다. --all이면 모든 페이지를 한 번에 100명씩 읽습니다.
help-candidates-list--stage = 이 전형 단계의 지원자만
help-candidates-list--per = 페이지 크기, 1-100 [기본값: 서비스의 20, --all이면 100]
help-candidates-list--page_token = 이 페이지부터: 토큰, 또는 이전 응답의 페이지 주소(next_page_token, next_url, prev_url)
help-candidates-get = 지원자 한 명 보기: 인적 사항, 공고와 전형 단계, 평가, 연봉
help-candidates-get--code = 지원자 코드

## 메모
help-memos = 지원자 메모: 목록, 보기, 쓰기, 고치기, 지우기, 고정
help-memos-list = 지원자의 메모를 스레드로 보기(답글은 원글 아래)
help-memos-list--candidate = 지원자 코드
help-memos-get = 메모 하나 보기
help-memos-get--candidate = 지원자 코드
help-memos-get--id = 메모 ID(정수)
help-memos-create = 메모 쓰기(--reply-to로 답글)
help-memos-create--candidate = 지원자 코드
help-memos-create--content = 메모 내용, 표준 입력에서 읽으려면 -
help-memos-create--reply_to = 메모 ID에 다는 답글로
help-memos-create--role = 읽을 수 있는 사람 [쓸 때 기본값: 답글은 원글의 역할, 새 메모는 서비스의 기본값]
help-memos-create--mentions = 사용자 코드로 멘션(여러 번 쓸 수 있음, 고칠 때는 멘션을 바꿈)
help-memos-create--file_url = 첨부 파일 주소
help-memos-create--dry_run = 보낼 요청을 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음
help-memos-edit = 메모의 내용, 역할, 멘션, 첨부 바꾸기
help-memos-edit--candidate = 지원자 코드
help-memos-edit--id = 메모 ID(정수)
help-memos-edit--content = 새 내용, 표준 입력에서 읽으려면 -
help-memos-edit--role = 읽을 수 있는 사람
help-memos-edit--mentions = 사용자 코드로 멘션(여러 번 쓸 수 있음, 멘션을 이것으로 바꿈)
help-memos-edit--file_url = 첨부 파일 주소
help-memos-edit--clear_mentions = 멘션을 모두 지움
help-memos-edit--dry_run = 보낼 요청을 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음
help-memos-delete = 메모 지우기(터미널에서는 먼저 물음)
help-memos-delete--candidate = 지원자 코드
help-memos-delete--id = 메모 ID(정수)
help-memos-delete--yes = 확인을 묻지 않음
help-memos-delete--dry_run = 보낼 요청을 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음, --yes 필요 없음
help-memos-pin = 메모 고정(전에 어땠든 고정된 상태로 둠)
help-memos-pin-note = 서비스는 메모 고정을 뒤집기(토글)만 할 수 있어서, recruit는 메모를 먼저 읽고 필요할 때만 뒤집습니다. 같은 메모에 동시에 두 번 `memos pin`을 실행하면 둘 다 고정되지 않은 것으로 보고 둘 다 뒤집어 결국 고정이 풀릴 수 있습니다: 한 곳에서만 고정하고 `memos get`으로 확인하세요.
help-memos-pin--candidate = 지원자 코드
help-memos-pin--id = 메모 ID(정수)
help-memos-pin--dry_run = 메모를 읽고 뒤집기(토글)를 보낼지(어느 쪽으로) 알려 줌, 아무것도 보내지 않음
help-memos-unpin = 메모 고정 해제(전에 어땠든 해제된 상태로 둠)
help-memos-unpin--candidate = 지원자 코드
help-memos-unpin--id = 메모 ID(정수)
help-memos-unpin--dry_run = 메모를 읽고 뒤집기(토글)를 보낼지(어느 쪽으로) 알려 줌, 아무것도 보내지 않음

## 제출된 양식
help-submissions = 지원자가 제출한 양식
help-submissions-list = 지원자가 제출한 양식 목록(사전 질문, 평판 조회 등)
help-submissions-list--candidate = 지원자 코드
help-submissions-list--per = 페이지 크기, 1-100 [기본값: 서비스의 20, --all이면 100]
help-submissions-list--page_token = 이 페이지부터: 토큰, 또는 이전 응답의 페이지 주소
help-submissions-list--answers = 표에서 각 양식의 질문과 답변을 함께 보기(JSON과 CSV에는 원래 들어 있음)

## 내보내기
help-export = 일괄 내보내기: 여러 지원자의 제출 양식이나 메모, 지원자, 모든 공고
help-export-submissions = 여러 지원자의 제출 양식 내보내기
help-export-submissions-long = 지원자 코드(한 줄에 하나)를 읽거나, --stage S이면 지원자 목록에서 전형 단계 S의 모든 지원자를 골라, 각 지원자가 제출한 양식을 모두 ndjson(기본값), csv 또는 JSON 배열 하나로 씁니다. 각 기록에는 `candidate_code` 필드가 맨 앞에 붙습니다. 찾을 수 없거나 재시도 뒤에도 실패한 지원자는 나머지를 멈추지 않습니다: 표준 오류의 요약이 그 지원자들을 나열하고, --failed는 파일로 남기며, 종료 코드는 3(찾을 수 없음만) 또는 7입니다. --out FILE이면 FILE.partial과 진행 기록 FILE.progress에 쓰고 완료되면 FILE로 이름을 바꿉니다. 중단되었으면 같은 명령에 --resume을 붙여 이어서 합니다. 제출서에는 지원자의 이름과 이메일(candidate_name, candidate_email)이 있으므로 실행마다 `export candidates`처럼 접근 기록(`recruit audit list`)에 한 건이 남습니다.
help-export-submissions--candidates = 지원자 코드 파일, 한 줄에 하나(표준 입력은 '-')
help-export-submissions--stage = --candidates 대신: 지원자 목록의 모든 페이지에서 전형 단계 S의 모든 지원자
help-export-submissions--out = 표준 출력 대신 FILE에 쓰기(FILE.partial을 거쳐 완료되면 이름을 바꿈)
help-export-submissions--concurrency = 동시에 보내는 요청 수의 최대값, 1-64(서비스가 429로 답하면 자동으로 낮춤)
help-export-submissions--resume = --out FILE로 하다 중단된 내보내기를 이어서 하기(첫 실행과 같은 인수로)
help-export-submissions--failed = 찾지 못했거나 실패한 코드를 FILE에 한 줄에 하나씩 쓰기(--candidates 파일로 쓸 수 있음)
help-export-memos = 여러 지원자의 메모(답글 포함) 내보내기
help-export-memos-long = 지원자 코드(한 줄에 하나)를 읽거나, --stage S이면 지원자 목록에서 전형 단계 S의 모든 지원자를 골라, 각 지원자의 메모를 ndjson(기본값), csv 또는 JSON 배열 하나로 씁니다. 맨 앞에 `candidate_code` 필드가 붙고, 최상위 메모 하나가 기록 하나이며 답글(`replies`)은 서비스가 보낸 대로 안에 들어 있습니다(csv에서는 JSON 텍스트 칸). 실패, --failed, 종료 코드, --out, --resume은 `export submissions`와 같습니다.
help-export-memos--candidates = 지원자 코드 파일, 한 줄에 하나(표준 입력은 '-')
help-export-memos--stage = --candidates 대신: 지원자 목록의 모든 페이지에서 전형 단계 S의 모든 지원자
help-export-memos--out = 표준 출력 대신 FILE에 쓰기(FILE.partial을 거쳐 완료되면 이름을 바꿈)
help-export-memos--concurrency = 동시에 보내는 요청 수의 최대값, 1-64(서비스가 429로 답하면 자동으로 낮춤)
help-export-memos--resume = --out FILE로 하다 중단된 내보내기를 이어서 하기(첫 실행과 같은 인수로)
help-export-memos--failed = 찾지 못했거나 실패한 코드를 FILE에 한 줄에 하나씩 쓰기(--candidates 파일로 쓸 수 있음)
help-export-candidates = 모든 지원자(또는 한 전형 단계의 지원자) 내보내기, 원하면 각자의 상세 정보로
help-export-candidates-long = 모든 지원자(또는 한 전형 단계의 지원자)를 내보냅니다. 지원자 목록의 모든 페이지를 읽고(요청마다 100명) 목록에 나온 그대로 ndjson(기본), csv, 또는 json 배열 하나로 씁니다. --stage S면 전형 단계 S의 지원자만, --detail이면 지원자마다 상세 정보(desired_salary, current_salary, expected_fee 포함)를 동시에, 속도를 맞춰 가져와 목록 순서대로 대신 씁니다. 실패, --failed, 종료 코드, --out, --resume은 `export submissions`와 같습니다. 이어서 하는 내보내기는 목록을 다시 읽고 이미 쓴 지원자는 건너뜁니다. 실행마다 접근 기록(`recruit audit list`)에 한 건이 남습니다: 쓴 지원자(코드는 1,000개까지, 수는 항상)와 --reason TEXT 또는 RECRUIT_REASON으로 준 이유이며, FILE이 생기기 전에(또는 도중에 멈추면 그때) 추가됩니다. `recruit config set require_reason true`이면 모든 내보내기에 이유가 필요하고, 없으면 아무것도 가져오거나 쓰기 전에 종료 코드 2로 멈춥니다.
help-export-candidates--stage = 전형 단계 S의 지원자만
help-export-candidates--detail = 목록 항목 대신 각 지원자의 상세 정보를 쓰기(지원자마다 요청 하나)
help-export-candidates--out = 표준 출력 대신 FILE에 쓰기(FILE.partial을 거쳐 완료되면 이름을 바꿈)
help-export-candidates--concurrency = 동시에 보내는 요청 수의 최대값, 1-64(서비스가 429로 답하면 자동으로 낮춤)
help-export-candidates--resume = --out FILE로 하다 중단된 내보내기를 이어서 하기(첫 실행과 같은 인수로)
help-export-candidates--failed = 찾지 못했거나 실패한 코드를 FILE에 한 줄에 하나씩 쓰기
help-export-forms = 모든 지원서(공고) 내보내기, 원하면 질문까지
help-export-forms-long = 모든 지원서(채용 공고)를 내보냅니다. 공고 목록의 모든 페이지를 읽고 공고마다 ndjson(기본), csv, 또는 json 배열 하나로 씁니다. --with-questions면 공고마다 상세 정보(`questions` 포함)를 동시에 가져와 목록 항목 대신 목록 순서대로 씁니다.
help-export-forms--with_questions = 각 지원서의 상세 정보(질문 포함)를 가져오기
help-export-forms--out = 표준 출력 대신 FILE에 쓰기(FILE.partial을 거쳐 완료되면 이름을 바꿈)
help-export-forms--concurrency = --with-questions일 때 동시에 보내는 상세 요청 수의 최대값, 1-64

## 도움말
help-help = 명령이나 모든 명령에 쓰는 전역 옵션의 도움말(`recruit help options`)
help-help--topic = `options` 또는 명령(예: `memos pin`)

## 전역 옵션 (recruit help options)
global--base_url = 서비스 주소, 끝의 /v1은 있어도 없어도 됨
global--api_key = 베어러 토큰(RECRUIT_API_KEY나 `recruit auth login`을 권장: 옵션은 같은 컴퓨터의 다른 사용자에게 보임)
global--profile = 설정 파일의 프로필 이름
global--sandbox = 내장 에뮬레이터로 실행(계정 필요 없음)
global--output = 출력 형식 [기본값: 터미널에서는 table, 아니면 json]
global--jq = 출력하기 전에 JSON 결과를 jq 식으로 거르기
global--fields = 이 필드만, 쉼표로 구분(예: code,title, 중첩은 a.b): table과 csv의 열, json과 ndjson이 남기는 키. 값 없이 쓰면 필드 목록을 보여 줌
global--all = 목록 명령: 모든 페이지를 따라가 합치기
global--limit = 목록 명령: N개에서 멈추기
global--timeout = 요청 하나의 제한 시간(초) [기본값: 30]
global--retries = 429/5xx/연결 오류 때 멱등 요청을 다시 보내는 횟수 [기본값: 3]
global--verbose = 요청과 응답을 한 줄씩 표준 오류에 기록(토큰은 항상 가림)
global--color = 색 사용: auto, always, never(NO_COLOR도 끔). never와 NO_COLOR에서는 진행 표시줄도 없음
global--insecure_http = 공개 호스트로 평문 http:// 허용(키가 암호화 없이 전송됨)
global--lang = 메시지, 질문, 표 머리글, 도움말의 언어: en 또는 ko [기본값: LC_ALL/LANG에서]. JSON, NDJSON, CSV는 바뀌지 않음
global--bom = -o csv 출력(목록과 내보내기)을 UTF-8 바이트 순서 표시(BOM)로 시작해 엑셀 같은 스프레드시트가 한글을 바르게 읽게 함
global--ca_cert = 추가로 신뢰할 PEM 인증 기관(회사 자체 CA), 시스템 저장소와 SSL_CERT_FILE 외에
global--max_rate = 서비스로 보내는 요청을 모든 작업을 합쳐 초당 N개 이하로(공유 한도용), 예: --max-rate 20
global--max_wait = 요청 한도 초기화나 Retry-After를 기다리는 최대 시간(초). 더 길면 한도가 풀리는 때를 알리고 종료 코드 6으로 바로 끝냄 [기본값: 60]
global--reason = 개인정보를 읽는 이유. 이 실행과 함께 접근 기록(`recruit audit list`)에 남음. 설정에 `require_reason = true`가 있으면 export와 sync에 꼭 필요

## 접근 기록
help-audit = 개인 정보 접근 기록: 목록, 검증, 월간 보고서
help-audit-list = 접근 기록 목록(오래된 것부터)
help-audit-list-long = 접근 기록을 오래된 것부터 보여 줍니다: 언제, 누가(OS 사용자@프로필), 어떤 경로로(cli, mcp, export, sync, wizard, erase), 어떤 지원자의(기록 하나에 코드는 처음 1,000개까지, 수는 모두), 어떤 개인 정보 항목을, 어떤 사유로 보았는지. -o json은 파일에 있는 그대로의 기록을 배열 하나로 줍니다.
help-audit-list--since = 이때부터의 기록만: 시각(2026-03-01, 2026-03-01T09:00:00+09:00) 또는 경과 시간(2h, 7d)
help-audit-list--candidate = 이 지원자가 들어 있는 기록만(기록에 남은 코드 가운데서)
help-audit-list--via = 이 경로로 남은 기록만
help-audit-verify = 바뀌거나 지워지거나 끼워 넣은 기록이 없는지 검증(있으면 첫 기록을 알리고 종료 코드 1)
help-audit-verify-long = 접근 기록의 체인을 검증합니다. 기록마다 앞 기록의 해시와 자기 해시를 담고, 로그 옆의 앵커 파일(audit.log.head)에 마지막 기록의 해시가 있습니다. 모든 기록이 앞 기록과 이어지고 마지막 기록이 앵커와 맞으면 종료 코드 0, 아니면 바뀌었거나 지워졌거나 끼워 넣은 첫 기록(번호와 줄), 기록이 아닌 줄, 끝부분이 잘린 로그를 알리고 종료 코드 1입니다. 비밀 키는 없습니다: 고친 흔적은 찾지만 체인 전체와 앵커를 다시 쓴 위조는 찾지 못합니다. 이를 증명하려면 로그(또는 마지막 해시)의 사본을 사용자가 쓸 수 없는 곳에 두세요.
help-audit-report = 월간 점검 보고서: 사용자와 경로별 기록 수와 지원자 수, 모든 내보내기와 동기화와 그 사유
help-audit-report-long = 접근 기록의 월간 점검 보고서입니다. 그 달(현지 시각)에 사용자와 경로별로 남은 기록 수와 보여 준 지원자 수, 모든 내보내기와 동기화와 그 사유("사유 없음" 포함)를 보여 주고, 로그 검증 결과도 알려 줍니다. 프로그램에는 -o json, 스프레드시트에는 -o csv(Excel에는 --bom과 함께)를 쓰세요.
help-audit-report--month = 점검할 달, YYYY-MM(현지 시각)
help-privacy = 개인정보: 이 컴퓨터의 모든 저장소에서 지원자 파기, 보존 기간 정리, 파기 대장
help-privacy-erase = 미러, 릴레이 저장소, 끝나지 않은 내보내기에서 지원자의 개인정보 파기
help-privacy-erase-long = 미러는 지원자의 코드, 전형 단계, 날짜를 남기고 개인정보 값을 비우며 메모와 제출된 양식을 지웁니다. 지원자를 담은 릴레이 이벤트는 id, 동작, 시각, 상태를 남기고 페이로드의 개인정보 값이 null이 됩니다. SQLite 파일(빈 페이지, 저널, WAL 포함)에 읽을 수 있는 사본이 남지 않고 PostgreSQL에 죽은 행이 남지 않습니다. 끝나지 않은 내보내기의 저널에는 지원자를 끝난 것으로 적어 --resume이 다시 가져오지 않게 하고, 내보내기 파일 자체(FILE, FILE.partial)는 데이터가 있을 수 있다고 알리기만 하고 건드리지 않습니다. 없는 저장소와 어디에도 없는 코드는 건너뛰고 알립니다. 파기한 지원자마다 파기 대장에 한 줄, 접근 기록에 via "erase" 기록 하나가 남습니다. 터미널에서는 묻고, 그 밖에서는 --yes가 필요합니다(없으면 종료 코드 2, 바뀌는 것 없음).
help-privacy-erase--codes = 지원자 코드(예: C1001)
help-privacy-erase--db = 미러: SQLite 파일 또는 postgres://USER:PASSWORD@HOST:PORT/DATABASE [기본값: 데이터 디렉터리의 recruit.db]
help-privacy-erase--store = 릴레이의 이벤트 저장소(webhooks listen --store) [기본값: 데이터 디렉터리의 events.db]
help-privacy-erase--reason = 사유: 파기 대장과 접근 기록에 남음
help-privacy-erase--yes = 묻지 않고 파기
help-privacy-retention = 전형 단계가 오래전에 바뀐 미러의 지원자를 같은 방식으로 파기
help-privacy-retention-long = 미러에서 --stage 단계에 있고 --older-than보다 오래전에 단계가 바뀐 지원자(0이면 그 단계의 모두)를 골라 privacy erase와 같이 모든 저장소에서 파기합니다. sync purge는 미러만 다루는 좁은 형태입니다.
help-privacy-retention--stage = 이 단계의 지원자(예: fail: 불합격 또는 지원 철회)
help-privacy-retention--older_than = ... 중 단계가 이보다 오래전에 바뀐 지원자(예: 180d, 0: 그 단계의 모두)
help-privacy-retention--dry_run = 파기할 지원자만 보여 줌
help-privacy-retention--db = 미러: SQLite 파일 또는 postgres://USER:PASSWORD@HOST:PORT/DATABASE [기본값: 데이터 디렉터리의 recruit.db]
help-privacy-retention--store = 릴레이의 이벤트 저장소(webhooks listen --store) [기본값: 데이터 디렉터리의 events.db]
help-privacy-retention--reason = 사유: 파기 대장과 접근 기록에 남음
help-privacy-retention--yes = 묻지 않고 파기
help-privacy-register = 파기 대장: 파기한 모든 지원자, 언제, 누가, 어느 저장소에서, 왜

## 미러 보고서, 미러에서 지원자 찾기
help-report = 미러에서 만드는 보고서(서비스에 요청하지 않음): 전형 단계별 채용 파이프라인
help-report-pipeline = 단계별 현재 인원, 다음 단계로 이동, 불합격 처리, 머문 일수의 중앙값과 90백분위
help-report-pipeline-long = `recruit sync`가 만든 미러만 읽습니다(서비스에 요청하지 않음). 단계에 머문 일수는 미러의 단계 이력에서 셈하며, 출력은 미러가 언제부터의 이력을 가졌는지와 첫 동기화 때 이미 전형 중이던 지원자를 어떻게 세는지 알려 줍니다.
help-report-pipeline--db = 미러: SQLite 파일 또는 postgres://... [기본값: 데이터 디렉터리의 recruit.db]
help-report-pipeline--job = 이 공고(코드)의 지원자만
help-report-pipeline--by = 공고마다 표 하나
help-report-pipeline--since = DATE(2026-01-31, 현지 시각; 또는 RFC 3339 시각) 이후 지원한 지원자만
help-report-pipeline--html = 보고서를 차트가 있는 HTML 페이지 하나로도 쓰기(네트워크 없이 열림)
help-candidates-search = 미러에서 이름, 코드, 이메일의 일부로 지원자 찾기(한글, 초성, 로마자)
help-candidates-search-long = `recruit sync`가 만든 미러에서(서비스에 요청하지 않음) 이름, 코드, 이메일의 일부로 대소문자 구분 없이 지원자를 찾습니다: 한글 음절(하늘은 김하늘을 찾음), 초성(ㄱㅎㄴ은 김하늘을 찾음), 로마자. 가장 잘 맞는 지원자부터(질의와 같은 코드, 그다음 질의로 시작하는 이름, 코드, 이메일) --limit N이 없으면 20명까지 보여 주고, 미러가 얼마나 오래되었는지 표준 오류에 알려 줍니다. 개인 정보와 함께 보여 준 지원자는 접근 기록에 한 건으로 남습니다.
help-candidates-search--query = 이름(한글, ㄱㅎㄴ 같은 초성, 또는 로마자), 코드, 이메일의 일부
help-candidates-search--stage = 이 전형 단계의 지원자만
help-candidates-search--db = 미러: SQLite 파일 또는 postgres://... [기본값: 데이터 디렉터리의 recruit.db]
