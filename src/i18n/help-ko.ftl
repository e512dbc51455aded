# The help of the most used commands, in Korean. English help is clap's, written next to each
# option in the code; an id here names a command by its path (`help-forms-list`, its long
# description `help-forms-list-long`) or an option by the command and its id
# (`help-forms-list--title`), and `global--ID` a global option. A test checks that each id
# names a real command or option.

help = 채용 서비스 API를 셸에서 다룹니다: 공고(지원서), 지원자, 메모, 제출된 양식, 웹훅
help-long =
    recruit는 채용(지원자 관리) 서비스 API의 명령줄 클라이언트입니다.

    지원서를 읽고, 전형 단계별로 지원자를 찾고(공고, 평가, 면접과 함께), 지원자 메모를 관리하고, 제출된 양식을 보여 주고, 웹훅을 등록하고 받고, 많은 지원자의 데이터를 한 번에 내보냅니다. 서비스 전체의 에뮬레이터인 내장 샌드박스가 있어 계정 없이 모든 것을 해 볼 수 있습니다.

    HTTPS는 시스템의 신뢰 저장소로 확인합니다(SSL_CERT_FILE과 SSL_CERT_DIR을 따름). 회사 자체 CA는 --ca-cert FILE(또는 RECRUIT_CA_CERT, `config set ca_cert`)로 더합니다. HTTPS_PROXY, HTTP_PROXY, NO_PROXY는 서비스에만 적용하고, 내장 샌드박스와 로컬 웹훅 수신기에는 적용하지 않습니다.

## 공고(지원서)
help-forms = 지원서(채용 공고): 목록, 보기, 지원
help-forms-list = 지원서(채용 공고) 목록
help-forms-list--title = 제목(또는 직군)이 맞는 지원서만
help-forms-list--page_token = 이 페이지부터: 토큰, 또는 이전 응답의 next_page_token 주소
help-forms-list--per = 페이지 크기(1-100)
help-forms-get = 지원서 하나와 그 질문 보기
help-forms-get--code = 지원서 코드
help-forms-apply = 지원서에 지원하기: 터미널에서는 질문을 하나씩 묻는 마법사, 아니면 답변 파일
help-forms-apply-long = 지원서에 지원합니다. 터미널에서 --answers 없이 실행하면 마법사가 질문을 순서대로 묻고(틀린 답은 그 자리에서 이유와 함께 다시 묻습니다), 검토 화면을 보여 준 뒤 제출, 답변 고치기, 취소 중에서 고르게 합니다. 답변을 고칠 때는 지금 답에서 시작합니다(Enter는 그대로 둡니다). 경력, 학력 같은 항목 목록은 유지, 하나 고치기, 하나 지우기, 추가할 수 있습니다. --save FILE은 답변을 --answers에 쓸 수 있는 파일로 남기고(Ctrl-C로 멈춰도 지금까지의 답변, 종료 코드 130. 질문 도중에 멈추면 그 질문에서 준 것도 남깁니다: 목록의 다 입력한 항목, 링크, 파일, 세부 사항 전의 "예". 파일의 `unfinished` 키는 그 질문과 입력하던 항목의 입력한 칸을 적으며, --answers는 이 키를 무시합니다), --resume FILE은 그 파일에서 이어서, 멈춘 질문은 그 자리에서 계속하고(목록의 항목을 보여 주고 입력하던 항목은 채워진 채로) 답하지 않은 질문만 묻습니다. 보내고 저장하는 내용은 언어와 상관없이 같습니다.
help-forms-apply--code = 지원서 코드
help-forms-apply--answers = 답변 파일(JSON, A 또는 B 형식의 요청 본문), 표준 입력은 -
help-forms-apply--variant = 요청 형식 [기본값: a, 또는 프로필의 `variant`]
help-forms-apply--dry_run = 보낼 요청을 그대로 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음
help-forms-apply--yes = 확인을 묻지 않음
help-forms-apply--save = 마법사: 답변을 FILE에도 저장(--answers로 쓸 수 있는 파일, Ctrl-C에도: 멈춘 질문은 `unfinished`에)
help-forms-apply--resume = 마법사: --save FILE로 남긴 답변에서 이어서 하기(멈춘 질문은 그 자리에서, 답하지 않은 질문만 물음)

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
help-export-submissions-long = 지원자 코드(한 줄에 하나)를 읽거나, --stage S이면 지원자 목록에서 전형 단계 S의 모든 지원자를 골라, 각 지원자가 제출한 양식을 모두 ndjson(기본값), csv 또는 JSON 배열 하나로 씁니다. 각 기록에는 `candidate_code` 필드가 맨 앞에 붙습니다. 찾을 수 없거나 재시도 뒤에도 실패한 지원자는 나머지를 멈추지 않습니다: 표준 오류의 요약이 그 지원자들을 나열하고, --failed는 파일로 남기며, 종료 코드는 3(찾을 수 없음만) 또는 7입니다. --out FILE이면 FILE.partial과 진행 기록 FILE.progress에 쓰고 완료되면 FILE로 이름을 바꿉니다. 중단되었으면 같은 명령에 --resume을 붙여 이어서 합니다. 제출서에는 지원자의 이름과 이메일(candidate_name, candidate_email)이 있으므로 `export candidates`처럼 접근 기록(`recruit audit list`)에 남습니다.
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
help-export-candidates-long = 모든 지원자(또는 한 전형 단계의 지원자)를 내보냅니다. 지원자 목록의 모든 페이지를 읽고(요청마다 100명) 목록에 나온 그대로 ndjson(기본), csv, 또는 json 배열 하나로 씁니다. --stage S면 전형 단계 S의 지원자만, --detail이면 지원자마다 상세 정보(desired_salary, current_salary, expected_fee 포함)를 동시에, 속도를 맞춰 가져와 목록 순서대로 대신 씁니다. 실패, --failed, 종료 코드, --out, --resume은 `export submissions`와 같습니다. 이어서 하는 내보내기는 목록을 다시 읽고 이미 쓴 지원자는 건너뜁니다. 접근 기록(`recruit audit list`)에는 쓸 순서대로 다음 지원자 1,000명마다 기록 하나가 --reason TEXT 또는 RECRUIT_REASON으로 준 이유와 함께, 그 첫 지원자를 쓰기 전에 디스크에 남습니다: 언제 멈춰도 출력에 들어간 모든 지원자가 기록에 있습니다. `recruit config set require_reason true`이면 모든 내보내기에 이유가 필요하고, 없으면 아무것도 가져오거나 쓰기 전에 종료 코드 2로 멈춥니다.
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
global--bom = -o csv 출력(목록과 내보내기)을 UTF-8 바이트 순서 표시(BOM)로 시작해 엑셀 같은 스프레드시트가 한글을 바르게 읽게 함. 수식을 시작하는 텍스트 칸(=, +, -, @, 탭, CR)에는 앞에 '를 붙임
global--encoding = -o csv 출력의 문자 집합: utf-8(기본) 또는 cp949(예전 한글 엑셀이 두 번 클릭으로 여는 코드 페이지). CP949에 없는 문자는 ?로 쓰고 경고에 개수를 알림. 수식을 시작하는 텍스트 칸에는 앞에 '를 붙임
global--ca_cert = 추가로 신뢰할 PEM 인증 기관(회사 자체 CA), 시스템 저장소와 SSL_CERT_FILE 외에
global--max_rate = 서비스로 보내는 요청을 모든 작업을 합쳐 초당 N개 이하로(공유 한도용), 예: --max-rate 20
global--max_wait = 요청 한도 초기화나 Retry-After를 기다리는 최대 시간(초). 더 길면 한도가 풀리는 때를 알리고 종료 코드 6으로 바로 끝냄 [기본값: 60]
global--reason = 개인정보를 읽는 이유. 이 실행과 함께 접근 기록(`recruit audit list`)에 남음. 설정에 `require_reason = true`가 있으면 export와 sync에 꼭 필요

## 접근 기록
help-audit = 개인 정보 접근 기록: 목록, 검증, 월간 보고서, 정리
help-audit-list = 접근 기록 목록(오래된 것부터)
help-audit-list-long = 접근 기록을 오래된 것부터 보여 줍니다: 언제, 누가(OS 사용자@프로필), 어떤 경로로(cli, mcp, export, sync, wizard, erase), 어떤 지원자의(기록 하나에 코드는 1,000개까지, 수는 그 기록의 코드 수: 더 많으면 기록이 여럿), 어떤 개인 정보 항목을, 어떤 사유로 보았는지. -o json은 파일에 있는 그대로의 기록을 배열 하나로 줍니다.
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

## 공고(채용 포지션)
help-jobs = 공고: 채용 포지션과 그 직군, 지원서, 담당자
help-jobs-list = 공고 목록: 코드(비어 있을 수 있음), 제목, 직군, 지원서, 담당자
help-jobs-list--title = 공고나 직군 제목이 맞는 공고만
help-jobs-list--per = 페이지 크기, 1-100 [기본값: 서비스의 20; --all이면 100]
help-jobs-list--page_token = 이 페이지부터: 토큰, 또는 이전 응답의 페이지 주소(next_page_token, next_url, prev_url)

## 평가
help-evaluations = 평가: 한 전형 단계에서 지원자가 받은 점수
help-evaluations-get = 평가 하나 보기: 지원자, 전형 단계, 평가자마다의 점수와 의견
help-evaluations-get--code = 평가 코드(feedback_created, feedback_completed 이벤트에 나오는 지원자 점수 코드)

## 면접
help-interviews = 면접과 그 일정
help-interviews-get = 면접 하나 보기: 지원자, 차수, 일정(현지 시각)
help-interviews-get--code = 면접 코드(interview_scheduled 이벤트에 나오는 코드)

## 웹훅
help-webhooks = 웹훅 등록, 그리고 이벤트를 받고 검증하고 보내 보는 로컬 도구
help-webhooks-list = 웹훅 등록 목록
help-webhooks-get = 웹훅 등록 하나 보기
help-webhooks-get--code = 웹훅 코드(예: WH10000001)
help-webhooks-create = 이벤트를 받을 콜백 주소 등록
help-webhooks-create--callback_url = 서비스가 이벤트를 POST로 보낼 주소
help-webhooks-create--signing_key = 서비스가 보내는 이벤트에 서명할 HMAC 키
help-webhooks-create--events = 받을 이벤트(여러 번 쓸 수 있음): candidate_stage_changed, candidate_pass, feedback_created, feedback_completed, interview_scheduled, form_submitted
help-webhooks-create--inactive = 비활성으로 등록: `webhooks edit CODE --active` 전까지 이벤트를 보내지 않음
help-webhooks-create--body_fields = 문자열 필드 key=value(여러 번 쓸 수 있음)
help-webhooks-create--raw_fields = 타입이 있는 필드 key=value: 숫자, true/false, null, JSON, 또는 @파일(@-는 표준 입력); 여러 번 쓸 수 있음
help-webhooks-create--dry_run = 보낼 요청을 그대로 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음; --yes가 필요 없음
help-webhooks-edit = 웹훅 등록 바꾸기
help-webhooks-edit--code = 웹훅 코드
help-webhooks-edit--callback_url = 새 콜백 주소
help-webhooks-edit--active = 다시 활성으로
help-webhooks-edit--inactive = 비활성으로: --active 전까지 서비스가 이벤트를 보내지 않음(설정은 그대로 남음)
help-webhooks-edit--signing_key = 서비스가 보내는 이벤트에 서명할 HMAC 키
help-webhooks-edit--events = 받을 이벤트(여러 번 쓸 수 있음): candidate_stage_changed, candidate_pass, feedback_created, feedback_completed, interview_scheduled, form_submitted
help-webhooks-edit--body_fields = 문자열 필드 key=value(여러 번 쓸 수 있음)
help-webhooks-edit--raw_fields = 타입이 있는 필드 key=value: 숫자, true/false, null, JSON, 또는 @파일(@-는 표준 입력); 여러 번 쓸 수 있음
help-webhooks-edit--dry_run = 보낼 요청을 그대로 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음; --yes가 필요 없음
help-webhooks-delete = 웹훅 등록 지우기(터미널에서는 먼저 물음)
help-webhooks-delete--code = 웹훅 코드
help-webhooks-delete--yes = 확인을 묻지 않음
help-webhooks-delete--dry_run = 보낼 요청을 그대로 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음; --yes가 필요 없음
help-webhooks-listen = 서명을 검증하고 이벤트를 출력하고 전달하는 로컬 수신기 실행
help-webhooks-listen--port = 받을 포트; 0이면 빈 포트를 골라 stderr에 주소를 알림
help-webhooks-listen--host = 받을 주소(루프백이 아니면 수신기가 네트워크에 드러남)
help-webhooks-listen--signing_key = 웹훅 서명 키; 키를 바꾸는 동안에는 여러 번 [환경 변수: RECRUIT_SIGNING_KEY, 그다음 프로필의 signing_key]
help-webhooks-listen--forward_to = 받은 이벤트(원래 바이트, 서명 헤더, Content-Type)를 이 URL로 POST해 전달, 또는 FORMAT+URL(slack+, teams+, googlechat+, jandi+, template+)이면 채팅 메시지로 전달
help-webhooks-listen--template = template+URL 대상에 쓸 JSON 파일: 문자열 안의 {"{{"}…{"}}"} 자리(액션, 제목, 지원자 코드, 페이로드의 경로; README 참고)를 이벤트마다 채움
help-webhooks-listen--link_base = 채팅 메시지가 URL/candidates/CODE로 연결됨(채용 서비스의 웹 주소)
help-webhooks-listen--with_names = 채팅 메시지에 지원자 이름을 씀(이메일, 전화번호 등 다른 개인정보는 절대 보내지 않음)
help-webhooks-listen--forward = 액션 하나를 그 액션의 URL이나 FORMAT+URL로 전달(여러 번 쓸 수 있음, 한 액션에 여러 개면 모두 받음); 다른 액션은 --forward-to로
help-webhooks-listen--events = 이 액션들만 출력하고 전달(쉼표로 구분); 다른 것은 200으로 답하고 건너뜀
help-webhooks-listen--tolerance = 서명의 최대 나이(와 미래로 앞선 정도), 초; 0이면 확인하지 않음
help-webhooks-listen--header = 서명 헤더 이름
help-webhooks-listen--idle_timeout = 이 시간(초) 동안 아무것도 보내지 않는 연결을 닫음(쉬는 keep-alive, 보내다 만 요청); 한 번에 연결은 256개까지
help-webhooks-listen--store = 내구성 있는 중계: 검증한 이벤트를 200으로 답하기 전에 이 데이터베이스에 기록하고, 거기서 순서대로 전달하며 앱이 2xx로 답할 때까지 다시 시도(기본값: 데이터 디렉터리의 events.db; postgres://USER@HOST/DB이면 여러 수신기가 함께 쓰는 PostgreSQL 데이터베이스)
help-webhooks-listen--max_age = --store와 함께: 이만큼 오래되도록 전달하지 못한 이벤트는 포기(상태 failed), 예: 30m, 12h, 7d(기본값: 제한 없이 다시 시도)
help-webhooks-listen--store_fail_after = --store와 함께: 저장소가 이 시간 동안 모든 쓰기나 읽기를 거부하면 멈춤(종료 코드 1), 예: 30s, 5m
help-webhooks-listen--lease = postgres:// --store와 함께: 수신기가 대상의 전달 차선을 갱신 없이 붙잡는 시간(초); 죽은 수신기의 차선은 대략 이 시간 안에 다른 수신기가 이어받음
help-webhooks-listen--forward_rate = --store와 함께: 대상 앱마다 초당 전달 횟수의 상한(소수 가능)
help-webhooks-listen--retry_schedule = --store와 함께: 실패한 전달을 다시 시도하기까지의 간격들, 예: 10s,1m,10m; 마지막 간격을 --max-age까지 되풀이(기본값: 1초에서 두 배씩 60초까지)
help-webhooks-listen--metrics_addr = 이 주소에서 GET /healthz와 GET /metrics(Prometheus 텍스트)를 제공, 예: 127.0.0.1:9464(수신기 포트와 달라야 함)
help-webhooks-listen--log_format = stderr 로그 줄의 모양: 사람에게는 text, 로그 수집기에는 json [기본값: text; -o json/ndjson이고 터미널이 없어 stderr 메시지가 JSON일 때는 json]
help-webhooks-verify = 웹훅 서명 하나 확인(올바르면 종료 코드 0, 아니면 8)
help-webhooks-verify--signing_key = 웹훅 서명 키; 키를 바꾸는 동안에는 여러 번 [환경 변수: RECRUIT_SIGNING_KEY, 그다음 프로필의 signing_key]
help-webhooks-verify--signature = 서명 헤더의 값, 예: 't=1700000000,v1=<hex>'
help-webhooks-verify--payload = 받은 그대로의 페이로드 바이트가 든 파일; '-'이거나 없으면 표준 입력
help-webhooks-verify--tolerance = 서명의 최대 나이(와 미래로 앞선 정도), 초; 0이면 확인하지 않음
help-webhooks-verify--now = 현재 유닉스 시각을 이 값으로 보고 확인(되풀이할 수 있는 확인)
help-webhooks-trigger = 서명한 견본 이벤트를 서비스의 재시도 일정대로 URL에 보내기
help-webhooks-trigger--to = 이벤트를 보낼 곳(http:// 또는 https://), 또는 견본을 채팅 메시지로 보낼 FORMAT+URL(slack+, teams+, googlechat+, jandi+, template+)
help-webhooks-trigger--template = template+URL 대상에 쓸 JSON 파일: 문자열 안의 {"{{"}…{"}}"} 자리(액션, 제목, 지원자 코드, 페이로드의 경로; README 참고)를 이벤트마다 채움
help-webhooks-trigger--link_base = 채팅 메시지가 URL/candidates/CODE로 연결됨(채용 서비스의 웹 주소)
help-webhooks-trigger--with_names = 채팅 메시지에 지원자 이름을 씀(이메일, 전화번호 등 다른 개인정보는 절대 보내지 않음)
help-webhooks-trigger--signing_key = 웹훅 서명 키; 키를 바꾸는 동안에는 여러 번 [환경 변수: RECRUIT_SIGNING_KEY, 그다음 프로필의 signing_key]
help-webhooks-trigger--payload = 견본 대신 보낼 JSON 파일(표준 입력은 '-')
help-webhooks-trigger--retry_delays = 재시도마다 기다릴 초, 쉼표로 구분; 최대 4개(시도 5번); ''이면 재시도 없음
help-webhooks-trigger--header = 서명 헤더 이름
help-webhooks-trigger--action = 이벤트 액션: 아래 여섯 가지 중 하나, 또는 --payload와 함께라면 아무 이름
help-webhooks-events = 내구성 있는 수신기(listen --store)가 남긴 이벤트: 목록, 보기, 다시 보내기, 정리
help-webhooks-events-list = 저장된 이벤트 목록, 오래된 것부터
help-webhooks-events-list--store = 이벤트 저장소(기본값: 데이터 디렉터리의 events.db)
help-webhooks-events-list--status = 이 상태의 이벤트만(pending: 저장됐지만 아직 앱에 전달하지 않음, delivered: 앱이 2xx로 답함, failed: 포기함)
help-webhooks-events-list--action = 이 액션의 이벤트만(예: candidate_pass)
help-webhooks-events-list--since = T 이후에 받은 이벤트만: 시각(2026-11-01, 2026-11-01T09:00:00Z) 또는 나이(2h, 7d)
help-webhooks-events-list--target = 이 앱으로 전달한(또는 전달할) 이벤트만
help-webhooks-events-show = 저장된 이벤트 하나를 페이로드와 함께 보기
help-webhooks-events-show--store = 이벤트 저장소(기본값: 데이터 디렉터리의 events.db)
help-webhooks-events-show--id = 이벤트 id(`events list`에 나옴)
help-webhooks-events-replay = 저장된 이벤트를 그 전달 대상이나 --to URL로 다시 보내기
help-webhooks-events-replay--store = 이벤트 저장소(기본값: 데이터 디렉터리의 events.db)
help-webhooks-events-replay--to = 보낼 곳(기본값: 각 이벤트를 마지막으로 보낸 전달 대상)
help-webhooks-events-replay--signing_key = 이 키와 현재 시각으로 다시 서명(기본값: 받은 서명 그대로)
help-webhooks-events-replay--header = --signing-key의 서명 헤더(기본값: 받은 헤더, 없으면 Service-Webhook-Signature)
help-webhooks-events-replay--ids = 이벤트 id들(`events list`에 나옴)
help-webhooks-events-prune = 어떤 시각 전에 받은 전달됨·실패 이벤트 지우기
help-webhooks-events-prune-long = 어떤 시각 전에 받은 전달됨·실패 이벤트를 지웁니다. 아직 전달하지 않은 대기 이벤트는 --include-pending이 없으면 남깁니다: 지우면 실행 중인 중계가 그것들을 영영 전달하지 못합니다. 터미널에서는 먼저 묻고, 터미널이 아니면 --yes가 필요합니다. --dry-run은 세기만 합니다.
help-webhooks-events-prune--store = 이벤트 저장소(기본값: 데이터 디렉터리의 events.db)
help-webhooks-events-prune--before = T 전에 받은 이벤트를 지움: 지난 시각(2026-11-01) 또는 나이(30d)
help-webhooks-events-prune--include_pending = 대기 이벤트(전달한 적 없음)도 지움: 중계가 그것들을 전달하지 않게 됨
help-webhooks-events-prune--yes = 묻지 않고 지움(터미널이 없으면 필요)
help-webhooks-events-prune--dry_run = 무엇을 지울지만 말함
help-webhooks-verify-before =
    페이로드 바이트를 주어진 그대로 읽고(--payload FILE에서, 옵션이 없거나 '-'이면 표준 입력에서; 줄바꿈을 더하거나 빼지 않음) 서명 헤더 값을 주어진 모든 서명 키와 맞춰 봅니다. v1 항목이 여러 개 있을 수 있고(어느 것이 맞아도 됨) 다른 방식은 무시합니다. --tolerance초(기본값 300, 0이면 확인하지 않음)보다 오래되었거나 그만큼 미래인 서명은 거부합니다; --now는 되풀이할 수 있는 확인을 위해 시계를 고정합니다.

    올바르면: '올바른 서명입니다(<UTC 시각>에 서명, <나이> 전)'를 출력하고(-o json이면 JSON 객체) 종료 코드 0. 올바르지 않으면: '오류: 서명이 올바르지 않습니다: <이유>', 종료 코드 8. 페이로드 파일을 읽을 수 없으면: 종료 코드 2.
help-webhooks-trigger-before =
    {"{"}"action": ACTION, "payload": {"{"}...{"}"}{"}"}를 POST로 보냅니다(Content-Type: application/json). 아래 여섯 액션마다 견본 페이로드가 있습니다(src/webhook/samples.rs; 서비스가 페이로드 내용을 문서로 밝히지 않으므로 보기일 뿐입니다: 지원자의 코드, 이름, 이메일, 지원서, 이벤트의 대상). --payload FILE은 견본 대신 직접 쓴 JSON을 보냅니다: "action" 키가 있는 이벤트 전체는 바이트 그대로 보내고, 그 밖의 것은 ACTION의 페이로드가 됩니다(그러면 아무 액션 이름이나 됩니다).

    서명 키가 있으면 시도할 때마다 본문에 새로 서명합니다(주어진 키마다 v1 항목 하나). 전달은 서비스를 따릅니다: HTTP 200만 전달로 치고(201, 204는 아님) 그 밖의 결과는 --retry-delays(초, 소수 가능)만큼 기다려 다시 시도하며, 모두 합쳐 최대 5번 시도합니다. 시도마다 stderr에 알리고, -o json이면 stdout에 시도 요약을 출력합니다. 전달되면 종료 코드 0; 아니면 앱의 마지막 답이 이벤트를 거부했을 때(408, 429가 아닌 4xx) 5, 그 밖에는 7.
help-webhooks-trigger-note =
    견본 페이로드가 있는 액션:
      candidate_stage_changed   지원자의 전형 단계가 바뀜
      candidate_pass            지원자가 합격 단계로 옮김
      feedback_created          평가가 만들어짐
      feedback_completed        평가가 끝남
      interview_scheduled       면접 일정이 확정됨
      form_submitted            지원자가 양식을 제출함
help-webhooks-listen-before =
    아무 경로의 POST에나 답합니다. 서명 키가 있으면(--signing-key, RECRUIT_SIGNING_KEY, 또는 프로필의 signing_key; 키를 바꾸는 동안에는 옵션을 여러 번) 모든 요청이 허용 시간 안에 서명된 올바른 서명 헤더(t=<unix>,v1=<hex>, "<t>.<원래 본문>"의 HMAC-SHA256)를 가져야 합니다; 키가 없으면 모든 요청을 검증 없이 받습니다.

    답: 200 이벤트 받음(정확히 200: 서비스는 다른 것을 전달로 치지 않음), 400 서명 헤더가 없거나 잘못됨, 401 키와 맞는 v1 서명이 없거나 너무 오래되었거나 너무 미래임, 405 POST가 아님, 413 본문이 1 MiB보다 큼, 502 (--store 없이) 앱으로 전달 실패: 서비스가 나중에 다시 보냄, 503 (--store) 이벤트를 저장하지 못함: 서비스가 나중에 다시 보냄. 거부한 요청에는 {"{"}"error": <코드>, "message": <이유>{"}"}로 답하고 stderr에 한 줄 남깁니다.

    받은 이벤트는 stdout에 출력합니다: 터미널에서는 사람이 읽는 한 줄(현지 시각, 액션, 지원자, 내용; -o table도), 파이프에서는 JSON 본문 한 줄(-o ndjson도); -o json은 본문을 받은 그대로 출력합니다. --events는 출력하고 전달할 것을 좁히고, 나머지도 200으로 답하고 건너뛰었다고 stderr에 적습니다.

    전달: --forward-to URL은 받은 이벤트(원래 바이트, 서명 헤더, Content-Type)를 로컬 앱에 POST로 보내고, --forward ACTION=URL은 액션 하나를 다른 곳으로 보냅니다. 앱의 답은 stderr에 알립니다. --store가 없으면 보낸 쪽에 대한 답은 전달을 기다립니다(최대 --timeout초, 기본값 30): 앱이 2xx로 답하면 200, 아니면 502, 그래서 서비스가 이벤트를 버리지 않고 나중에 다시 보냅니다.

    내구성 있는 중계(--store [FILE], 기본값 데이터 디렉터리의 events.db): 검증한 이벤트를 200 전에 내장 데이터베이스에 기록하고, 거기서 대상 앱마다 받은 순서대로, 재시작과 kill -9를 넘어 전달합니다. 대상마다 자기 차선이 있어 멈추거나 느린 앱 하나는 자기 이벤트만 붙잡습니다. 연결 오류, 시간 초과, 5xx는 앱이 2xx로 답할 때까지(또는 --max-age까지) 1초부터 두 배씩 60초까지 간격을 두고 다시 시도합니다; 408, 429가 아닌 4xx는 30초쯤 안에 몇 번 다시 시도한 뒤 앱의 답과 함께 실패로 표시합니다(`webhooks events list --status failed`, `events replay`로 다시 보냄). 기록에 실패한 저장소는 503으로 답하고(서비스가 다시 보냄), --store-fail-after 동안 계속 실패하면 수신기가 종료 코드 1로 멈춰 감독 프로그램이 다시 시작하게 합니다. 전달은 적어도 한 번입니다: kill -9 뒤에는 마지막 몇 건이 되풀이될 수 있습니다. 서명 키가 있으면 전달할 때마다 새로 서명하고(같은 헤더와 방식, 키마다 v1 항목 하나) 받은 값은 X-Recruit-Original-Signature에 남깁니다. 저장소에서 나가는 전달에는 X-Recruit-Event-Id(저장된 id)와 X-Recruit-Dedup-Key(sha256:<본문의 hex>, 서비스가 같은 이벤트를 다시 보내도 같음)가 붙어 앱이 중복을 버릴 수 있습니다.

    서비스가 포기한 이벤트(--reconcile, --store와 서비스의 기본 URL과 키와 함께): 시작할 때와 --reconcile-every(기본값 5m)마다 지원자 목록을 순회하고(목록 페이지만, --max-rate에 맞춰) 지원자마다 job_stage를 지난 순회와 비교합니다; 받은 candidate_stage_changed가 다루지 않은 변경은 만든 이벤트가 되어('"synthesized": true' 표시; pass로 옮기면 candidate_pass도) 받은 이벤트처럼 저장하고 X-Recruit-Synthesized: 1과 함께 전달합니다. 첫 순회는 기록만 합니다; 저장소를 나누는 수신기가 몇이든 변경마다 한 번만 만듭니다. 두 순회 사이에 들어갔다 나간 단계는 보이지 않습니다.

    서비스로 돌리기: --metrics-addr HOST:PORT는 다른 포트에서 GET /healthz(200, 또는 저장소가 실패하거나 차선이 멈추면 이유와 함께 503)와 GET /metrics(Prometheus 텍스트)를 제공합니다; --log-format json은 stderr에 한 줄에 JSON 객체 하나를 씁니다.

    stderr의 첫 줄은 'http://HOST:PORT에서 웹훅을 기다립니다(멈추려면 Ctrl-C)'입니다. Ctrl-C나 SIGTERM은 받고, 받아들이고, 거부한 이벤트의 요약과 함께 수신기를 멈춥니다.
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
help-candidates-search-long = `recruit sync`가 만든 미러에서(서비스에 요청하지 않음) 이름, 코드, 이메일의 일부로 대소문자 구분 없이 지원자를 찾습니다: 한글 음절(하늘은 김하늘을 찾음), 초성(ㄱㅎㄴ은 김하늘을 찾음), 로마자. 가장 잘 맞는 지원자부터(질의와 같은 코드, 그다음 질의로 시작하는 이름, 코드, 이메일) --limit N이 없으면 20명까지 보여 주고, 미러가 얼마나 오래되었는지 표준 오류에 알려 줍니다. 개인 정보와 함께 보여 준 지원자는 접근 기록에 남습니다(1,000명마다 기록 하나).
help-candidates-search--query = 이름(한글, ㄱㅎㄴ 같은 초성, 또는 로마자), 코드, 이메일의 일부
help-candidates-search--stage = 이 전형 단계의 지원자만
help-candidates-search--db = 미러: SQLite 파일 또는 postgres://... [기본값: 데이터 디렉터리의 recruit.db]

## 종료 코드 (recruit --help의 마지막 문단, ExitKind에서 만듦: src/cli/exits.rs)
help-exit-heading = 종료 코드
help-exit-0 = 성공
help-exit-1 = 기타 실패
help-exit-2 = 잘못된 사용법이나 입력
help-exit-3 = 찾을 수 없음
help-exit-4 = 인증
help-exit-5 = 서비스가 거부함
help-exit-6 = 요청 한도 초과
help-exit-7 = 네트워크/시간 초과/5xx
help-exit-8 = 웹훅 서명이 잘못됨
help-exit-130 = 중단됨
help-exit-141 = 표준 출력을 읽는 쪽이 사라짐(| head)

## 예의 주석과 예 앞뒤의 문단 (`-examples`: 주석이 있는 예마다 한 줄, 순서대로)
help-examples =
    계정 없이 해 보기
help-forms-examples =
    터미널에서는 마법사
help-help-examples =
    전역 옵션: --sandbox, -o, --jq, --all, --lang, --bom...
    recruit memos pin --help와 같음
help-forms-apply-examples =
    질문과 그 순서
    대화형 마법사
    마법사, 답변도 남김
    남긴 답변에서 이어서
    요청만 출력
    모든 종류의 질문을 해 보기
help-forms-apply-after = 종료 코드: 2 잘못된 답변(모든 문제를 알리고 아무것도 보내지 않음), 3 그런 지원서가 없음, 5 서비스가 지원을 거부함(서비스의 메시지를 보여 줌).
help-memos-examples =
    스레드의 역할을 따름
    요청만, 보내지 않음
help-memos-delete-examples =
    터미널에서는 먼저 물음
help-memos-unpin-examples =
    뒤집기(토글)가 필요한지 알려 줌
help-submissions-list-examples =
    제출마다 질문과 답변
help-webhooks-listen-examples =
    다른 헤더, 나이 확인 없음
    내구성 있는 중계
    노드마다
help-webhooks-verify-examples =
    나이와 상관없이
help-export-submissions-after = 지원자 파일: 한 줄에 코드 하나. 빈 줄과 # 주석은 무시하고, 앞뒤 공백은 잘라 내며, 두 번 나온 코드는 한 번만 내보냅니다.
help-privacy-examples =
    터미널에서는 물음
help-privacy-after = 저장소: 미러(데이터 디렉터리의 recruit.db, 또는 --db), 릴레이의 저장소(데이터 디렉터리의 events.db, 또는 --store), 끝나지 않은 내보내기의 저널. 내보낸 파일은 사용자의 것입니다: 목록에 알리기만 하고 바꾸지 않습니다. recruit 밖에서 만든 백업과 사본은 그대로 남습니다.
help-privacy-erase-examples =
    터미널에서는 물음
help-privacy-retention-examples =
    그 단계의 모든 지원자
help-audit-prune-examples =
    터미널에서는 물음

## 파일
help-files = 지원서에 쓸 파일 올리기
help-files-upload = 파일(이력서, 프로필 사진, 첨부) 올리고 답변에 쓸 경로 출력
help-files-upload-long =
    지원서에 쓸 파일을 올리고, 답변 파일에 넣을 경로를 출력합니다.

    파일을 서비스에 등록하고(POST /v1/upload/presign) 서비스가 돌려준 업로드 주소로 바이트를 HTTP PUT으로 보냅니다. 그 주소는 다른 출처이므로 API 키는 거기로 보내지 않습니다. 출력하는 경로는 저장된 파일 주소의 경로 부분을 URL 디코딩한 것입니다: `resume_path`, `profile_img_path`, 또는 `file_upload` 링크로 쓰세요.

    출력: 한 줄에 경로만, 그래서 `$(recruit files upload cv.pdf)`가 됩니다; -o json이면 {"{"}"path": ..., "file_url": ...{"}"}. 터미널에서는 큰 파일에 진행 표시줄을 보여 줍니다.
help-files-upload--path = 올릴 파일
help-files-upload--name = 이 이름으로 파일을 등록 [기본값: 파일 자신의 이름]
help-files-upload--dry_run = 보낼 요청을 출력하고(-o json이면 {"{"}"method", "url", "body"{"}"}) 아무것도 보내지 않음, --yes 필요 없음
help-files-upload-examples =
    presign 요청만, 아무것도 보내지 않음
help-files-upload-after = 종료 코드: 2 파일을 읽을 수 없음, 7 업로드 주소가 실패함(그 상태를 보여 줌).

## 미러 (sync)
help-sync = 공고, 포지션, 지원자, 메모, 제출된 양식을 SQLite나 PostgreSQL로 미러링(바뀐 것만)
help-sync--db = 미러: SQLite 파일 또는 postgres://USER:PASSWORD@HOST:PORT/DATABASE(비밀번호는 환경 변수로 주는 편이 좋음) [기본값: 데이터 디렉터리의 recruit.db]
help-sync--stage = 전형 단계 S의 지원자만 메모와 제출된 양식을 가져옴(여러 번 쓸 수 있음); 지원자 목록은 그래도 전부 읽음
help-sync--full = 모든 지원자의 메모와 제출된 양식을 다시 가져옴(중간에 멈춘 전체 실행은 다음 실행이 마저 끝냄)
help-sync--refresh_after = 이보다 오래전에 가져온 지원자의 메모와 제출된 양식을 다시 가져옴(예: 7d, 12h)
help-sync--events = 지난 실행 뒤에 릴레이가 저장한 이벤트(`webhooks listen --store`)에 나온 지원자도 가져옴 [FILE 기본값: 데이터 디렉터리의 events.db]
help-sync--concurrency = 동시에 보내는 요청 수의 최대값, 1-64(서비스가 429로 답하는 동안 자동으로 낮춤)
help-sync-examples =
    데이터 디렉터리의 recruit.db로
    릴레이의 이벤트에 나온 지원자도 표시
    이 단계들의 메모와 제출된 양식만 가져옴
    모든 지원자의 메모와 제출된 양식을 다시 가져옴
help-sync-after =
    실행마다 지원자 목록 전체를 읽고(요청마다 100명) 메모와 제출된 양식은 새 지원자, 전형 단계나 평가가 바뀐 지원자, 릴레이 이벤트에 나온 지원자(--events), --refresh-after보다 오래전에 가져온 지원자만 가져옵니다. --full이면 모두 가져옵니다.

    접근 기록(`recruit audit list`)에는 미러에 쓴 지원자 페이지마다 기록 하나가 --reason TEXT 또는 RECRUIT_REASON과 함께, 미러가 그 페이지를 커밋하기 전에 디스크에 남습니다. `recruit config set require_reason true`이면 이유 없는 실행은 아무것도 가져오거나 쓰기 전에 종료 코드 2로 멈춥니다.
help-sync-status = 지난 실행, 표마다 행 수, 미러의 데이터가 얼마나 오래되었는지
help-sync-status--runs = 보여 줄 지난 실행의 수
help-sync-purge = 전형 단계가 오래전에 바뀐, 한 단계의 지원자 개인정보를 미러에서 지우기
help-sync-purge-long = 전형 단계가 오래전에 바뀐, 한 단계의 지원자 개인정보를 미러에서 지웁니다. 이름, 이메일, 전화번호, 생일, resume_path, profile_img_path를(열과 `data` 안에서) 비우고, 메모와 제출된 양식을 지우고, 지운 것마다 `purges` 표에 기록합니다; 다음 동기화도 그 지원자를 지운 채로 두고 다시 가져오지 않습니다. 읽을 수 있는 사본은 남지 않습니다: SQLite 파일은 다시 만들고 WAL을 비우며, PostgreSQL의 표는 vacuum합니다. 지운 지원자마다 파기 대장(`recruit privacy register`)에 한 줄이 남습니다; `recruit privacy retention`은 릴레이와 끝나지 않은 내보내기를 포함한 모든 저장소에서 같은 일을 합니다. 터미널에서는 묻고, 그 밖에서는 --yes가 필요합니다(없으면 종료 코드 2, 바뀌는 것 없음).
help-sync-purge--stage = 이 단계의 지원자(예: fail: 불합격 또는 지원 철회)
help-sync-purge--older_than = ... 중 단계가 이보다 오래전에 바뀐 지원자(예: 30d; 0: 그 단계의 모두)
help-sync-purge--yes = 묻지 않고 지움
help-sync-purge--dry_run = 지울 지원자 수만 셈

## 접근 기록 정리
help-audit-prune = YYYY-MM 전 달의 기록을 지우기, verify가 남은 기록을 계속 증명하도록 체크포인트를 남김
help-audit-prune-long = 접근 기록에서 YYYY-MM(현지 시각) 전 달의 기록과 같은 달의 파기 대장 행을 지웁니다. 로그는 체크포인트(audit.log.checkpoint: 지운 마지막 기록의 번호와 해시)를 남겨 `audit verify`가 남은 모든 기록을 계속 증명합니다. `audit_keep`달(설정, 기본값 24, 최소 12)보다 최근인 달은 거부합니다(종료 코드 2). 검증되지 않는 로그는 정리하지 않습니다(종료 코드 1). 먼저 묻습니다; 터미널이 없으면 --yes가 필요합니다(없으면 종료 코드 2, 바뀌는 것 없음).
help-audit-prune--before = 이 달 전의 기록을 지움, YYYY-MM(현지 시각)
help-audit-prune--yes = 묻지 않고 지움(물을 터미널이 없으면 필요)

## api
help-api = 아무 API 경로로 요청 보내기
help-api-note = 필드(-f/-F)는 GET과 DELETE에서는 쿼리 문자열로, 그 밖에는 JSON 본문으로 갑니다.
help-api--method = GET, POST, PATCH, PUT, DELETE, ...
help-api--path = 기본 주소 아래의 경로(/v1/... 또는 상대 경로), 또는 같은 출처의 전체 URL
help-api--body_fields = 문자열 필드 key=value(여러 번 쓸 수 있음)
help-api--raw_fields = 타입이 있는 필드 key=value: 숫자, true/false, null, JSON, 또는 @file(@-는 표준 입력); 여러 번 쓸 수 있음
help-api--headers = 요청 헤더 'Name: value'(여러 번 쓸 수 있음)
help-api--input = FILE의 요청 본문을 그대로, 표준 입력은 -
help-api--include = 본문 앞에 상태 줄과 헤더 출력

## 샌드박스
help-sandbox = 서비스의 내장 에뮬레이터를 로컬 서버로 실행하거나, 그 지원자의 전형 단계 옮기기
help-sandbox--port = 들을 포트(127.0.0.1); 0이면 빈 포트를 고름
help-sandbox--state = 상태 파일 [기본값: 데이터 디렉터리의 sandbox.json]
help-sandbox--latency = 모든 응답에 더하는 밀리초
help-sandbox--fail_rate = 무작위로 503이나 429(Retry-After와 함께)를 돌려줄 확률(0..1)
help-sandbox--fail_seed = --fail-rate 추첨의 시드: 같은 요청을 같은 순서로 보내면 같은 식으로 실패함
help-sandbox--synthetic_candidates = 제출된 양식이 1개에서 100개 넘게 있는 합성 지원자 N명 추가
help-sandbox--retry_scale = 웹훅 재시도 간격(10/30/90/270초)에 X를 곱함, 예: 테스트에서 0.01
help-sandbox--rate_limit = 초당 N개 요청 허용(토큰 버킷, 한 번에 N/4); 넘으면 429와 Retry-After: 1
help-sandbox--rate_limit_headers = --rate-limit과 함께: 모든 응답에 RateLimit, RateLimit-Policy, X-RateLimit-* 헤더를 보냄
help-sandbox--key = 샌드박스가 받는 API 키 [기본값: sandbox-key]
help-sandbox-examples =
    초당 40개를 넘으면 429
    RateLimit 헤더까지
help-sandbox-move = 지원자를 다른 전형 단계로 옮기고, 서비스처럼 웹훅 이벤트를 보냄
help-sandbox-move-long = 지원자를 다른 전형 단계로 옮기고, 서비스처럼 웹훅 이벤트를 보냅니다. 지원자의 job_stage(종류, 제목, 시각)를 바꾸고 candidate_stage_changed(합격으로 옮기면 candidate_pass도)를 그 이벤트에 등록된 모든 활성 웹훅에 서명해서, 서비스의 재시도 일정대로 보냅니다. --base-url(또는 RECRUIT_BASE_URL)이 가리키는 샌드박스(실행 중인 `recruit sandbox` 같은)에서, 또는 --sandbox면 내장 샌드박스에서 동작합니다(내장 샌드박스의 전달은 명령과 함께 끝남: 첫 시도만). 지원자를 지금 단계로 옮기면 아무것도 바뀌지 않고 아무것도 보내지 않습니다.
help-sandbox-move--candidate = 지원자 코드
help-sandbox-move--stage = 옮길 전형 단계
help-sandbox-move--title = 단계의 제목 [기본값: 그 단계의 보통 제목, 예: review면 서류 검토]

## MCP
help-mcp = 모델 컨텍스트 프로토콜(MCP, stdio)로 AI 비서에게 API 제공
help-mcp-before =
    표준 입력과 출력에서 MCP 서버를 실행합니다. 채용 담당자를 대신해 일하는 AI 비서(데스크톱 채팅 앱, IDE 에이전트)를 위한 것입니다. 모든 명령과 같은 프로필, 기본 주소, API 키, --sandbox, --ca-cert, 재시도, 요청 속도를 씁니다; stdout에는 프로토콜만 나가고 로그는 stderr로 갑니다.

    접근 수준: read(기본값)는 읽기 도구만 보여 줍니다(forms_list, forms_get, candidates_list, candidates_get, jobs_list, evaluations_get, interviews_get, memos_list, memos_get, submissions_list, webhooks_list, webhooks_get, 그리고 서비스 대신 `recruit sync`의 미러(--db)를 읽는 candidates_search와 pipeline_report); comment는 memos_create, memos_edit, memos_pin, memos_unpin을 더하고; write는 memos_delete, forms_apply, 웹훅 쓰기를 더합니다. 수준 밖의 도구는 보이지 않고, 부르면 거부합니다.

    지원자의 birth, resume_path, profile_img_path는 --personal-data full이 없으면 모든 결과에서 뺍니다. 결과에 지원자의 개인정보 값이 있는 호출마다 접근 기록(`recruit audit list`)에 기록 하나가 남습니다: 도구 이름, 지원자, 결과에 있던 개인정보 항목(정책이 뺀 것은 들어가지 않음).

    MCP 클라이언트는 설정에서 이렇게 시작합니다:
      {"{"}"mcpServers": {"{"}"recruit": {"{"}"command": "recruit", "args": ["mcp", "--access", "comment"],
                                   "env": {"{"}"RECRUIT_PROFILE": "work"{"}"}{"}"}{"}"}{"}"}
    API 키는 `recruit auth login`으로 저장한 것(또는 "env"의 RECRUIT_API_KEY)을 씁니다.
help-mcp--access = AI 비서가 할 수 있는 일: read(읽기), comment(메모 쓰기), write(모두)
help-mcp--personal_data = 지원자의 birth, resume_path, profile_img_path: 뺌(basic) 또는 줌(full)
help-mcp--db = 미러: SQLite 파일 또는 postgres://USER:PASSWORD@HOST:PORT/DATABASE [기본값: 데이터 디렉터리의 recruit.db]
help-mcp-examples =
    읽기 도구만, 기본 프로필의 계정
    메모 쓰기, 고치기, 고정도
    생일, 이력서, 사진 주소가 있는 지원자
    candidates_search와 pipeline_report가 이 미러를 읽음
    모든 도구, 내장 샌드박스에서

## 인증
help-auth = 프로필의 API 키 저장, 보기, 지우기
help-auth-login = 프로필의 API 키를 OS 키링에 저장(숨긴 입력으로 묻거나 파이프에서 읽음), 프로필에 서비스 주소가 있으면 키가 되는지 먼저 확인
help-auth-login--with_token = 묻지 않고 표준 입력에서 키를 읽음(표준 입력이 파이프면 기본)
help-auth-login--no_verify = 서비스에 확인하지 않고 저장
help-auth-status = 프로필, 기본 주소, 키가 되는지, 가린 키 보기
help-auth-logout = 프로필에 저장한 API 키 지우기(OS 키링과 설정 파일에서)

## 설정
help-config = 설정 파일 읽고 바꾸기
help-config-path = 설정 파일의 경로 출력
help-config-get = 프로필의 설정 하나 출력(--reveal이 없으면 api_key와 signing_key는 가림)
help-config-get--key = { help-config-set--key }
help-config-get--key-long = { help-config-set--key-long }
help-config-get--reveal = 비밀 값(api_key, signing_key)을 가리지 않고 그대로 출력
help-config-set = 프로필의 설정 하나 바꾸기(파일은 0600 권한으로 씀)
help-config-set--key = 설정, 다음 중 하나: base_url, api_key, api_key_command, output, timeout, retries, ca_cert, max_rate, max_wait, variant, lang, signing_key, audit, require_reason, audit_log, audit_keep
help-config-set--key-long =
    설정, 다음 중 하나:
      base_url         서비스 주소, 끝의 /v1은 있어도 없어도 됨
      api_key          베어러 토큰, 출력하지 않음; `recruit auth login`이 저장해 줌
      api_key_command  stdout이 키인 셸 명령(예: 비밀번호 관리자)
      output           기본 출력 형식: table, json, ndjson, csv
      timeout          요청 하나의 제한 시간(초)
      retries          멱등 요청을 다시 보내는 횟수
      ca_cert          추가로 신뢰할 PEM 인증 기관(회사 자체 CA 등)
      max_rate         서비스로 보내는 초당 요청 수의 최대값
      max_wait         요청 한도 초기화나 Retry-After를 기다리는 최대 시간(초)
      variant          지원 요청 형식: a 또는 b
      lang             메시지, 질문, 표 머리글, 도움말의 언어: en 또는 ko(없으면 LC_ALL/LANG)
      signing_key      listen/verify/trigger의 웹훅 서명 키
      audit            보여 준 개인정보의 접근 기록(on 또는 off): 출력에 지원자의 개인정보 값이 있는 모든 명령, 내보내기, 동기화, 마법사 실행, MCP 도구 호출이 기록 하나를 더함; off면 아무것도 남기지 않음
      require_reason   true: --reason TEXT나 RECRUIT_REASON(접근 기록이 남기는 이유)이 없으면 export와 sync가 시작하지 않음(종료 코드 2)
      audit_log        보여 준 개인정보의 접근 기록 파일(기본값: 데이터 디렉터리의 audit.log)
      audit_keep       `audit prune`이 적어도 남기는 접근 기록의 달 수(최소 12)
help-config-set--value = 값(명령이 읽는 방식으로 확인: 예를 들어 timeout은 초 단위 숫자)
help-config-unset = 프로필의 설정 하나 지우기
help-config-unset--key = { help-config-set--key }
help-config-unset--key-long = { help-config-set--key-long }
help-config-list = 프로필의 설정 목록(키는 가림)

## 셸 자동 완성
help-completions = 셸 자동 완성 스크립트 출력
help-completions--shell = bash, zsh, fish, powershell, elvish 중 하나

## keyring (#49)
help-auth-login--insecure_storage = OS 키링 대신 설정 파일에 저장(모드 0600, 암호화되지 않음): 키링이 없는 컴퓨터용. 키를 읽는 명령마다 알림
# figures (#51)
help-report-trend = ISO 주(월요일부터 일요일, +09:00)마다 각 단계에 들어온 지원자 수
help-report-trend-long = 미러만 읽습니다. 지원자는 지원한 때 지원 접수에 들어오고, 미러의 단계 이력에서 다른 단계에 머물기 시작한 때 그 단계에 들어옵니다. 가장 오래된 주가 먼저 나옵니다.
help-report-trend--db = 미러: SQLite 파일 또는 postgres://... [기본값: 데이터 디렉터리의 recruit.db]
help-report-trend--weeks = 이번 주까지 몇 주
help-report-trend--job = 이 공고(코드)의 지원자만
help-sandbox-move--at = 옮긴 때를 과거로: RFC 3339 시각, DATE(현지 자정) 또는 경과 시간(3d)
help-report-pipeline--to = 요약(지원자 이름 없음)을 채팅 도구에도 보내기: slack+URL, teams+URL, googlechat+URL, jandi+URL
## reconcile (#50)
help-webhooks-listen--reconcile = --store와 함께: 시작할 때와 --reconcile-every마다 지원자 목록을 순회하고, 받은 이벤트가 다루지 않은 단계 변경(서비스가 포기한 것)을 이벤트로 만듦
help-webhooks-listen--reconcile_every = --reconcile과 함께: 지원자 목록을 순회하는 간격, 예: 1m, 5m, 1h
## -o xlsx (#51, part xlsx)
global--password = -o xlsx 출력을 여는 암호로 암호화하며, 암호는 보이지 않는 프롬프트에서 물음(또는 RECRUIT_XLSX_PASSWORD나 --password-file). 명령줄에는 암호 자체를 쓰지 않음
global--password_file = -o xlsx 출력을 FILE에 있는 암호(첫 줄)로 암호화
help-report-pipeline--xlsx = 보고서를 엑셀 통합 문서로도 쓰기: 표마다 시트 하나, 깔때기의 막대 차트 포함(여는 암호: --password, --password-file 또는 RECRUIT_XLSX_PASSWORD)
